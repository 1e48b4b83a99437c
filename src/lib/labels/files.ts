/** How a stored label of each doc 2 fileFormat is named and served. */
export type LabelFileType = {
  mimeType: string
  extension: string
  inline: boolean
}

const TYPES: Record<string, LabelFileType> = {
  PDF: { mimeType: "application/pdf", extension: "pdf", inline: true },
  PNG: { mimeType: "image/png", extension: "png", inline: true },
  GIF: { mimeType: "image/gif", extension: "gif", inline: true },
  // Thermal printer drivers take .zpl files; a browser must download them, not show text.
  ZPL2: {
    mimeType: "application/octet-stream",
    extension: "zpl",
    inline: false,
  },
}

export function labelFileType(
  fileFormat: string | null | undefined
): LabelFileType {
  return (
    TYPES[(fileFormat ?? "").toUpperCase()] ?? {
      mimeType: "application/octet-stream",
      extension: "bin",
      inline: false,
    }
  )
}

export function labelFileName(
  trackingNumber: string | null | undefined,
  fileFormat: string | null | undefined,
  page = 0,
  pages = 1
): string {
  const base = `label-${(trackingNumber ?? "shipment").replace(/[^A-Za-z0-9_-]/g, "")}`
  return `${base}${pages > 1 ? `-${page + 1}` : ""}.${labelFileType(fileFormat).extension}`
}
