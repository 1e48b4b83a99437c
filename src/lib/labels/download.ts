/**
 * A file the service serves by URL (labels and manifests with contentType URL, valid 24 hours,
 * doc 2 Limits), as base64. Bounded in time and size: a label is kilobytes, a manifest a few
 * hundred; anything larger is not a document of the service.
 */
const MAX_BYTES = 20 * 1024 * 1024

export async function downloadBase64(
  url: string,
  timeoutMs = 30_000
): Promise<string> {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) })
  if (!res.ok)
    throw new Error(`the service's document URL answered ${res.status}`)
  const length = Number(res.headers.get("content-length") ?? 0)
  if (length > MAX_BYTES)
    throw new Error(
      `the service's document is ${length} bytes, more than ${MAX_BYTES}`
    )
  const bytes = Buffer.from(await res.arrayBuffer())
  if (bytes.length > MAX_BYTES)
    throw new Error(
      `the service's document is ${bytes.length} bytes, more than ${MAX_BYTES}`
    )
  return bytes.toString("base64")
}
