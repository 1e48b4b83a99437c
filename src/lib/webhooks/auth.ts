import { createHash, randomBytes, timingSafeEqual } from "node:crypto"

/** 32 random bytes, URL-safe. */
export function newWebhookKey(): string {
  return randomBytes(32).toString("base64url")
}

/** Hashing first gives timingSafeEqual equal lengths and hides the key's length. */
export function keyMatches(
  received: string | string[] | undefined,
  accepted: readonly (string | null | undefined)[]
): boolean {
  const value = Array.isArray(received) ? received[0] : received
  if (typeof value !== "string" || !value) return false
  const got = createHash("sha256").update(value).digest()
  let ok = false
  for (const key of accepted) {
    if (!key) continue
    const want = createHash("sha256").update(key).digest()
    // No early exit: every accepted key is compared.
    ok = timingSafeEqual(got, want) || ok
  }
  return ok
}
