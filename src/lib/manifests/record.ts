/** Enough to serve its document again. */
export type ManifestRecord = {
  manifest_id: string
  manifest_tracking_number: string | null
  carrier: string
  submission_date: string
  tracking_numbers: string[]
  /** Null when storing it failed. */
  file_id: string | null
  /** Valid 24 hours: the fallback while file_id is null. */
  source_url: string | null
  created_at: string
}

export type ManifestView = Omit<ManifestRecord, "file_id" | "source_url"> & {
  shipments: number
  document_url: string
}

export const MANIFEST_SETTING_PREFIX = "manifests."
export const manifestSettingKey = (manifestId: string) =>
  `${MANIFEST_SETTING_PREFIX}${manifestId}`
export const manifestDocumentRoute = (manifestId: string) =>
  `/admin/shipping-services/manifests/${encodeURIComponent(manifestId)}/document`
/** They go into a setting key and a URL. */
export const MANIFEST_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/

export function manifestFileName(
  r: Pick<ManifestRecord, "submission_date" | "carrier" | "manifest_id">
): string {
  return `manifest-${r.submission_date}-${r.carrier}-${r.manifest_id}.pdf`.replace(
    /[^A-Za-z0-9_.-]/g,
    ""
  )
}

export function manifestView(r: ManifestRecord): ManifestView {
  const { file_id: _file, source_url: _source, ...rest } = r
  return {
    ...rest,
    shipments: r.tracking_numbers.length,
    document_url: manifestDocumentRoute(r.manifest_id),
  }
}
