import { sdk } from "./sdk"

/**
 * A stored file as the admin route answers it: its bytes (documents kept in the database), or
 * a short-lived presigned URL of the File Module (documents.storage "file").
 */
export type FileSource = { blob: Blob } | { url: string }

/**
 * Label and manifest files come from admin routes that need the admin's session, so they are
 * fetched through the SDK (which sends it whatever the backend's origin). `link=1` asks for the
 * presigned URL as JSON where the file is in the File Module: a script cannot follow the route's
 * redirect to another origin (the storage sends no CORS headers), a browser tab can.
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

/** Saves a blob under a file name (ZPL labels become .zpl files a thermal printer driver takes). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement("a")
  a.href = url
  a.download = fileName
  a.rel = "noopener"
  document.body.appendChild(a)
  a.click()
  a.remove()
  // The download has started once click() returns; a moment later the URL can go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** A presigned URL opens in a tab of its own (the storage names the file, not us). */
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

/** The page-numbered file name the label route uses for multi-page labels (label-<tn>-2.pdf). */
export function pageFileName(
  fileName: string,
  page: number,
  pages: number
): string {
  if (pages <= 1) return fileName
  return fileName.replace(/(-\d+)?(\.[a-z0-9]+)$/i, `-${page + 1}$2`)
}
