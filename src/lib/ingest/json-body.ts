/**
 * Reading a webhook delivery's body ourselves (the hooks route turns Medusa's body parsers off):
 * Medusa's stack would parse form-encoded and text bodies too, and hand the route whatever came
 * out. Doc 4 says deliveries are `Content-Type: application/json`; anything else is refused with
 * 415 before a byte is read, a body over the limit with 413, bytes that are not UTF-8 or not JSON
 * with 400. Pure: the route streams the bytes in.
 */

export type BodyRefusal = { status: 400 | 413 | 415; message: string }
export type ParsedBody =
  { ok: true; value: unknown } | ({ ok: false } & BodyRefusal)

/** 1 MB, the body limit of the hooks route (docs/tracking.md). */
export const WEBHOOK_BODY_LIMIT = 1024 * 1024

/**
 * The content type and encoding a delivery must have: `application/json` (any case, parameters
 * allowed), charset UTF-8 if one is named, no content coding (no gzip).
 */
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

/** A declared Content-Length over the limit is refused before reading (413). */
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

/**
 * The delivery's bytes as JSON. V8's JSON.parse does not recurse, so nesting of any depth parses
 * (in about 0.1 s for 1 MB of `[`); what is deep is refused later by the notification rules,
 * which never walk deeper than their bound.
 */
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
