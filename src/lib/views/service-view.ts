import type { ServiceOption } from "../../options/schema"
import { CARRIER_OF_VARIANT } from "../../shipping-api/constants"

/** Field by field, never a spread of the option, so a secret added to options later stays out. */
export type ServiceIdentity = {
  id: string
  name: string
  variant: ServiceOption["variant"]
  carrier: string
  service_id: string
  parcel_type: string
  is_return: boolean
}

export function serviceIdentity(s: ServiceOption): ServiceIdentity {
  return {
    id: s.id,
    name: s.name,
    variant: s.variant,
    carrier: CARRIER_OF_VARIANT[s.variant],
    service_id: s.serviceId,
    parcel_type: s.parcelType,
    is_return: s.isReturn,
  }
}

export type ServiceView = ServiceIdentity & {
  label: {
    type: string
    file_format: string
    size: string | null
    content_type: string
  }
  special_services: string[]
  add_to_manifest: boolean
  delivery_solution: string | null
  apac: boolean
}

export function serviceView(s: ServiceOption): ServiceView {
  return {
    ...serviceIdentity(s),
    label: {
      type: s.label.type,
      file_format: s.label.fileFormat,
      size: s.label.size ?? null,
      content_type: s.label.contentType,
    },
    special_services: s.specialServices.map((x) => x.specialServiceId),
    add_to_manifest: s.addToManifest,
    delivery_solution: s.deliverySolution ?? null,
    apac: s.apac,
  }
}
