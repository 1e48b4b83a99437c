import { retrieveCustomer } from "@lib/data/customer"
import LoginForm from "@modules/account/login-form"

// As the starter's account layout: the dashboard for a logged-in customer, the login form otherwise.
export default async function AccountLayout({
  children,
}: {
  children: React.ReactNode
}) {
  const customer = await retrieveCustomer()
  return (
    <div
      className="content-container flex justify-center py-12"
      data-testid="account-page"
    >
      {customer ? (
        <div className="flex w-full max-w-3xl flex-col gap-y-2">
          <p
            className="txt-compact-small text-ui-fg-subtle"
            data-testid="signed-in-as"
          >
            Signed in as {customer.email}
          </p>
          {children}
        </div>
      ) : (
        <LoginForm />
      )}
    </div>
  )
}
