import type { ServiceOption } from "../../options/schema"

type RowDocument = {
  option_id: string
  label_type: string | null
  label_format: string | null
  label_size: string | null
  label_content_type: string | null
}

/**
 * The option a label was bought with (for its document defaults when the service's answer leaves
 * them out); a removed option falls back to what the row says. Pure.
 */
export function serviceOfRow(
  services: readonly ServiceOption[],
  row: RowDocument
): ServiceOption {
  const found = services.find((s) => s.id === row.option_id)
  if (found) return found
  return {
    label: {
      type: (row.label_type ??
        "SHIPPING_LABEL") as ServiceOption["label"]["type"],
      fileFormat: (row.label_format ??
        "PDF") as ServiceOption["label"]["fileFormat"],
      size: (row.label_size ?? undefined) as ServiceOption["label"]["size"],
      contentType: (row.label_content_type ??
        "BASE64") as ServiceOption["label"]["contentType"],
    },
  } as ServiceOption
}
