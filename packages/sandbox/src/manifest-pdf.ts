import PDFDocument from "pdfkit"
import type { ManifestRecord } from "./state/model"

/**
 * The close-out scan form (doc 4, Manifest): one letter-size PDF listing every tracking number,
 * with the form's own number on top, as a carrier's acceptance clerk would scan it.
 */
export function renderManifestPdf(
  m: ManifestRecord,
  createdAtIso: string
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: "LETTER",
      margin: 48,
      info: {
        Title: `Scan form ${m.manifestTrackingNumber}`,
        Subject: "SANDBOX - NOT FOR SHIPPING",
        Producer: "shipping sandbox",
      },
    })
    const chunks: Buffer[] = []
    doc.on("data", (c: Buffer) => chunks.push(c))
    doc.on("end", () => resolve(Buffer.concat(chunks)))
    doc.on("error", reject)

    doc
      .font("Helvetica-Bold")
      .fontSize(16)
      .text("SHIPMENT CONFIRMATION ACCEPTANCE NOTICE (SCAN FORM)")
    doc
      .font("Helvetica")
      .fontSize(9)
      .fillColor("red")
      .text("SANDBOX - NOT FOR SHIPPING")
      .fillColor("black")
      .moveDown(0.5)
    doc.fontSize(10)
    for (const [k, v] of [
      ["Scan form number", m.manifestTrackingNumber],
      ["Manifest id", m.manifestId],
      ["Carrier", m.carrier],
      ["Shipper id", m.shipperId],
      ["Submission date", m.submissionDate],
      ["Created", createdAtIso],
      ["Parcels", String(m.parcelTrackingNumbers.length)],
    ] as const) {
      doc
        .font("Helvetica-Bold")
        .text(`${k}: `, { continued: true })
        .font("Helvetica")
        .text(v)
    }
    doc
      .moveDown()
      .font("Helvetica-Bold")
      .text("#    Tracking number")
      .font("Courier")
    m.parcelTrackingNumbers.forEach((tn, i) =>
      doc.text(`${String(i + 1).padStart(4, " ")} ${tn}`)
    )
    doc.end()
  })
}
