import type { DocumentSize } from "../../shipping-api/constants"

/** Doc 2 document sizes in inches; "8X11" is a US Letter sheet, 8.5 x 11 in. */
export const DOCUMENT_SIZE_INCHES: Record<DocumentSize, [number, number]> = {
  DOC_4X6: [4, 6],
  DOC_4X5: [4, 5],
  DOC_8X11: [8.5, 11],
}
