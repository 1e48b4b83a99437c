import type { ServiceError } from "../schemas/error"

// Services echo what they were sent ("invalid key abc…"), so known secrets are cut from answer text.

/** Short values would match ordinary words. */
const MIN_SECRET_LENGTH = 4

export function scrubText(text: string, secrets: readonly string[]): string {
  let out = text
  for (const secret of secrets) {
    if (secret && secret.length >= MIN_SECRET_LENGTH)
      out = out.split(secret).join("[redacted]")
  }
  return out
}

export function scrubServiceError(
  error: ServiceError,
  secrets: readonly string[]
): ServiceError {
  const entries = error.entries.map((e) => {
    const out = { ...e, message: scrubText(e.message, secrets) }
    if (out.code) out.code = scrubText(out.code, secrets)
    if (out.field) out.field = scrubText(out.field, secrets)
    if (out.additionalInfo)
      out.additionalInfo = scrubText(out.additionalInfo, secrets)
    return out
  })
  return {
    codes: error.codes.map((c) => scrubText(c, secrets)),
    messages: entries.map((e) => e.message),
    entries,
  }
}
