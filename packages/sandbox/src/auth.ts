import { randomBytes, timingSafeEqual } from "node:crypto"
import { apiError } from "./http/errors"
import type { Account, TokenRecord } from "./state/model"
import type { SandboxStore } from "./state/store"

/** Doc 4 token operation: Basic base64(apiKey:apiSecret) in, bearer token with a sandbox-clock life out. */
export function credentialsFromBasic(
  header: string | undefined
): { key: string; secret: string } | undefined {
  const m = /^Basic\s+(\S+)$/i.exec(header ?? "")
  if (!m) return undefined
  const decoded = Buffer.from(m[1]!, "base64").toString("utf8")
  const colon = decoded.indexOf(":")
  return colon < 0
    ? undefined
    : { key: decoded.slice(0, colon), secret: decoded.slice(colon + 1) }
}

export function accountFor(
  store: SandboxStore,
  key: string,
  secret: string
): Account | undefined {
  const account = store.accounts.get(key)
  if (!account) return undefined
  const a = Buffer.from(account.apiSecret)
  const b = Buffer.from(secret)
  return a.length === b.length && timingSafeEqual(a, b) ? account : undefined
}

export function issueToken(
  store: SandboxStore,
  account: Account,
  now: number,
  ttlSeconds: number
): TokenRecord {
  const record = {
    token: randomBytes(24).toString("base64url"),
    apiKey: account.apiKey,
    expiresAt: now + ttlSeconds * 1000,
  }
  store.tokens.set(record.token, record)
  return record
}

/** The account of a bearer token, or a 401 (missing, unknown or expired token). */
export function authenticate(
  store: SandboxStore,
  authorization: string | undefined,
  now: number
): Account {
  const m = /^Bearer\s+(\S+)$/i.exec(authorization ?? "")
  if (!m) throw apiError(401, "UNAUTHORIZED", "missing bearer token")
  const record = store.tokens.get(m[1]!)
  if (!record) throw apiError(401, "UNAUTHORIZED", "invalid access token")
  if (record.expiresAt <= now) {
    store.tokens.delete(record.token)
    throw apiError(401, "UNAUTHORIZED", "access token expired")
  }
  const account = store.accounts.get(record.apiKey)
  if (!account) throw apiError(401, "UNAUTHORIZED", "account no longer exists")
  return account
}

export function expireAllTokens(store: SandboxStore): number {
  const n = store.tokens.size
  store.tokens.clear()
  return n
}
