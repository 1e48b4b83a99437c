import LoginTemplate from "@modules/account/templates/login-template"

/**
 * The login slot at every other account page, e.g. an order's page linked from the return email:
 * a signed-out shopper signs in there and sees that page (without this file Next.js answers
 * such a link with "not found").
 */
export default function LoginDefault() {
  return <LoginTemplate />
}
