import { sdk } from "./sdk"

/**
 * Label and manifest files come from admin routes that need the admin's session, so they are
 * fetched through the SDK (which sends it whatever the backend's origin) and handed to the
 * browser as blobs, rather than linked directly.
 */
export async function fetchFile(path: string, accept: string): Promise<Blob> {
  const res = await sdk.client.fetch<Response>(path, { headers: { accept } })
  return res.blob()
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

export async function downloadFile(
  path: string,
  accept: string,
  fileName: string
): Promise<void> {
  saveBlob(await fetchFile(path, accept), fileName)
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
