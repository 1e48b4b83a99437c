import type {
  DocumentSize,
  DocumentType,
  FileFormat,
} from "../../../src/shipping-api/constants"
import {
  renderDocument,
  type RenderDocumentInput,
  type RenderedDocument,
} from "./labels"
import { POSTAL_WEIGHT_UNIT } from "../../../src/shipping-api/constants"
import { toOunces } from "../../../src/shipping-api/units"
import type { ShipmentRequest } from "./request"
import type { DocumentSpec, FileRecord, ShipmentRecord } from "./state/model"
import type { World } from "./world"

/** Doc 2 Document in a response: the request's fields plus `pages[].contents` (BASE64) or `contents` (URL). */
export type ResponseDocument = DocumentSpec & {
  contents?: string
  pages?: { contents: string }[]
}

const LABEL_URL_HOURS = 24

export function renderInput(
  s: ShipmentRecord,
  spec: DocumentSpec
): RenderDocumentInput {
  const req = s.response as ShipmentRequest
  const weight = req.parcel?.weight
  return {
    type: spec.type as DocumentType,
    fileFormat: spec.fileFormat as FileFormat,
    ...(spec.type === "QR_CODE"
      ? {}
      : { size: (spec.size ?? "DOC_4X6") as DocumentSize }),
    trackingNumber: s.parcelTrackingNumber,
    shipmentId: s.shipmentId,
    carrier: s.carrier,
    serviceId: s.serviceId,
    from: req.fromAddress ?? {},
    to: req.toAddress ?? {},
    ...(weight?.weight
      ? {
          weightOz: toOunces(
            weight.weight,
            weight.unitOfMeasurement ?? POSTAL_WEIGHT_UNIT,
            1
          ),
        }
      : {}),
    ...(s.referenceNumber ? { reference: s.referenceNumber } : {}),
    customs: !!req.customs?.customsItems?.length,
    returnLabel: s.isReturn,
  }
}

export function renderShipmentDocument(
  s: ShipmentRecord,
  docIndex: number
): RenderedDocument {
  return renderDocument(renderInput(s, s.documents[docIndex]!))
}

/**
 * The documents of a create, reprint or retry answer. BASE64 documents carry their pages;
 * URL documents point at a sandbox file valid for 24 hours of sandbox time, rendered again when
 * fetched (the rendering is deterministic, so the bytes are those of this print).
 */
export function responseDocuments(
  world: World,
  s: ShipmentRecord,
  print: number
): ResponseDocument[] {
  return s.documents.map((spec, docIndex) => {
    if (spec.contentType === "URL") {
      const file = addFile(world, {
        kind: "label",
        ref: s.shipmentId,
        docIndex,
        print,
      })
      return { ...spec, contents: fileUrl(world, file, renderExtension(spec)) }
    }
    const rendered = renderShipmentDocument(s, docIndex)
    return {
      ...spec,
      pages: rendered.pages.map((p) => ({ contents: p.toString("base64") })),
    }
  })
}

export function addFile(
  world: World,
  f: Omit<FileRecord, "fileId" | "expiresAt">
): FileRecord {
  const file: FileRecord = {
    ...f,
    fileId: world.ids.opaque("file"),
    expiresAt: world.clock.now() + LABEL_URL_HOURS * 3_600_000,
  }
  world.store.files.set(file.fileId, file)
  return file
}

export function fileUrl(
  world: World,
  f: FileRecord,
  extension: string
): string {
  return `${world.origin()}/${f.kind === "label" ? "labels" : "manifests"}/${f.fileId}.${extension}`
}

const EXTENSIONS: Record<string, string> = {
  PDF: "pdf",
  PNG: "png",
  ZPL2: "zpl",
  GIF: "gif",
}
export const renderExtension = (spec: DocumentSpec) =>
  EXTENSIONS[spec.fileFormat] ?? "bin"
