import { accountFor, credentialsFromBasic, issueToken } from "../auth"
import { apiError } from "../http/errors"
import type { Handler } from "../http/router"

/** Doc 4: POST /oauth/token, Basic base64(key:secret), form grant_type=client_credentials. */
export const createToken: Handler = ({ world, body, header }) => {
  const creds = credentialsFromBasic(header("authorization"))
  if (!creds)
    throw apiError(
      401,
      "unauthorized",
      "Basic authorization with the API key and secret is required"
    )
  const account = accountFor(world.store, creds.key, creds.secret)
  if (!account) throw apiError(401, "unauthorized", "invalid API key or secret")
  const grant = new URLSearchParams(body.toString("utf8")).get("grant_type")
  if (grant !== "client_credentials") {
    throw apiError(
      400,
      "unsupported_grant_type",
      `grant_type must be client_credentials, got ${JSON.stringify(grant)}`
    )
  }
  const ttl = world.options.tokenTtlSeconds
  const t = issueToken(world.store, account, world.clock.now(), ttl)
  world.saver.touch()
  // expiresIn as a numeric string, as the real gateway sends it (doc 4 allows both).
  return {
    status: 200,
    body: {
      access_token: t.token,
      expiresIn: String(ttl),
      token_type: "Bearer",
    },
  }
}
