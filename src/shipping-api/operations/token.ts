import type { OperationRequest } from "../client/request"
import {
  ShippingApiError,
  ShippingAuthenticationError,
  ShippingBadRequestError,
} from "../errors"
import {
  tokenResponseSchema,
  toAccessToken,
  type AccessToken,
} from "../schemas/token"

export const TOKEN_PATH = "/oauth/token"

export function basicCredentials(apiKey: string, apiSecret: string): string {
  return Buffer.from(`${apiKey}:${apiSecret}`, "utf8").toString("base64")
}

export function buildTokenRequest(credentials: {
  apiKey: string
  apiSecret: string
}): OperationRequest {
  return {
    method: "POST",
    root: "auth",
    path: TOKEN_PATH,
    headers: {
      Authorization: `Basic ${basicCredentials(credentials.apiKey, credentials.apiSecret)}`,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  }
}

/** Names the wrong fields, never the values: this body holds the token itself. */
export function parseTokenResponse(
  body: unknown
): { ok: true; value: AccessToken } | { ok: false; fields: string[] } {
  const parsed = tokenResponseSchema.safeParse(body)
  if (parsed.success) return { ok: true, value: toAccessToken(parsed.data) }
  return {
    ok: false,
    fields: [
      ...new Set(parsed.error.issues.map((i) => i.path.join(".") || "(body)")),
    ],
  }
}

/** The token operation refusing the credentials is an authentication failure, whatever the status. */
export function tokenRefusal(error: unknown, operation: string): unknown {
  if (
    error instanceof ShippingBadRequestError ||
    (error instanceof ShippingApiError && error.status === 403)
  )
    return new ShippingAuthenticationError({
      operation,
      status: error.status,
      codes: error.codes,
      messages: error.messages,
    })
  return error
}
