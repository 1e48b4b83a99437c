import { z } from "../zod"
import {
  CONTENT_TYPES,
  DOCUMENT_SIZES,
  DOCUMENT_TYPES,
  FILE_FORMATS,
  PRINT_DIALOG_OPTIONS,
  RESOLUTIONS,
} from "../constants"
import { respArray, respString } from "./common"

/** Doc 2, Document: size is optional because a QR code has none. */
export const documentSchema = z.object({
  type: z.enum(DOCUMENT_TYPES),
  size: z.enum(DOCUMENT_SIZES).optional(),
  fileFormat: z.enum(FILE_FORMATS),
  contentType: z.enum(CONTENT_TYPES),
  printDialogOption: z.enum(PRINT_DIALOG_OPTIONS).optional(),
  resolution: z.enum(RESOLUTIONS).optional(),
})
export type ShipmentDocument = z.output<typeof documentSchema>

/** `contents` for URL content, `pages[].contents` for Base64. */
export const documentResponseSchema = z.looseObject({
  type: respString,
  size: respString,
  fileFormat: respString,
  contentType: respString,
  printDialogOption: respString,
  resolution: respString,
  contents: respString,
  pages: respArray(z.looseObject({ contents: respString })),
})
