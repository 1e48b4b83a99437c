// Medusa's body parsers are off for the hooks route, since they would accept form and text bodies too.

export type BodyRefusal = { status: 400 | 413 | 415; message: string }
export type ParsedBody =
  { ok: true; value: unknown } | ({ ok: false } & BodyRefusal)

export const WEBHOOK_BODY_LIMIT = 1024 * 1024

/** `application/json` (any case, parameters allowed), UTF-8 if a charset is named, no content coding. */
export function refuseContentType(
  contentType: string | undefined,
  contentEncoding?: string | undefined
): BodyRefusal | null {
  const [mediaType, ...params] = (contentType ?? "")
    .split(";")
    .map((p) => p.trim())
  if (mediaType.toLowerCase() !== "application/json") {
    return {
      status: 415,
      message: `Content-Type must be application/json (got ${contentType ? JSON.stringify(contentType.slice(0, 100)) : "none"})`,
    }
  }
  const charset = params
    .map((p) => /^charset\s*=\s*"?([^";]+)"?$/i.exec(p)?.[1])
    .find(Boolean)
  if (charset && !/^utf-?8$/i.test(charset))
    return {
      status: 415,
      message: `charset must be utf-8 (got ${JSON.stringify(charset.slice(0, 40))})`,
    }
  if (contentEncoding && contentEncoding.trim().toLowerCase() !== "identity") {
    return {
      status: 415,
      message: `Content-Encoding ${JSON.stringify(contentEncoding.slice(0, 40))} is not accepted`,
    }
  }
  return null
}

/** Refused before reading (413). */
export function refuseDeclaredLength(
  contentLength: string | undefined,
  limit = WEBHOOK_BODY_LIMIT
): BodyRefusal | null {
  const declared = contentLength === undefined ? NaN : Number(contentLength)
  return declared > limit ? tooLarge(limit) : null
}

export const tooLarge = (limit = WEBHOOK_BODY_LIMIT): BodyRefusal => ({
  status: 413,
  message: `The body is larger than ${limit} bytes`,
})

const utf8 = new TextDecoder("utf-8", { fatal: true })

/** V8's JSON.parse does not recurse: any nesting parses (~0.1 s for 1 MB of `[`); depth is bounded later. */
export function parseJsonBytes(bytes: Uint8Array): ParsedBody {
  let text: string
  try {
    text = utf8.decode(bytes)
  } catch {
    return { ok: false, status: 400, message: "The body is not valid UTF-8" }
  }
  try {
    return { ok: true, value: JSON.parse(text) }
  } catch (e) {
    return {
      ok: false,
      status: 400,
      message: `The body is not JSON: ${e instanceof Error ? e.message.slice(0, 200) : String(e)}`,
    }
  }
}
