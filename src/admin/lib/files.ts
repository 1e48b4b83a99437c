import { sdk } from "./sdk"

/** Bytes (database storage) or a short-lived presigned URL (file storage). */
export type FileSource = { blob: Blob } | { url: string }

/**
 * Fetched through the SDK, which sends the admin's session. `link=1` asks for the presigned URL as JSON, since a
 * script cannot follow a cross-origin redirect (no CORS on the storage); a tab can.
 */
export async function fetchFile(
  path: string,
  accept: string
): Promise<FileSource> {
  const res = await sdk.client.fetch<Response>(
    `${path}${path.includes("?") ? "&" : "?"}link=1`,
    { headers: { accept } }
  )
  if (
    !accept.includes("json") &&
    (res.headers.get("content-type") ?? "").includes("application/json")
  ) {
    const { url } = (await res.json()) as { url: string }
    return { url }
  }
  return { blob: await res.blob() }
}

/** ZPL labels become .zpl files a thermal printer driver takes. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement("a")
  a.href = url
  a.download = fileName
  a.rel = "noopener"
  document.body.appendChild(a)
  a.click()
  a.remove()
  // The download has started once click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** The storage names the file, not us. */
export function saveFile(source: FileSource, fileName: string): void {
  if ("blob" in source) saveBlob(source.blob, fileName)
  else window.open(source.url, "_blank", "noopener,noreferrer")
}

export async function downloadFile(
  path: string,
  accept: string,
  fileName: string
): Promise<void> {
  saveFile(await fetchFile(path, accept), fileName)
}

/** As the label route names multi-page labels. */
export function pageFileName(
  fileName: string,
  page: number,
  pages: number
): string {
  if (pages <= 1) return fileName
  return fileName.replace(/(-\d+)?(\.[a-z0-9]+)$/i, `-${page + 1}$2`)
}
