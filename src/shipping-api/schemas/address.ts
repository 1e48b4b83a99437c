import { z } from "../zod"
import {
  countryCode,
  respArray,
  respBoolean,
  respObject,
  respString,
  SOURCE,
} from "./common"

/** Doc 2, Address: all optional here, as which fields are needed depends on the variant. */
export const addressSchema = z.object({
  company: z.string().optional(),
  name: z.string().optional(),
  phone: z.string().optional(),
  email: z.string().optional(),
  residential: z.boolean().optional(),
  addressLines: z.array(z.string()).optional(),
  cityTown: z.string().optional(),
  /** Empty string accepted for destinations without states. */
  stateProvince: z.string().optional(),
  postalCode: z.string().optional(),
  countryCode: countryCode(
    "address.countryCode.format",
    SOURCE.address
  ).optional(),
})
export type Address = z.output<typeof addressSchema>

/** Adds the postal validation output. */
export const addressResponseSchema = z.looseObject({
  company: respString,
  name: respString,
  phone: respString,
  email: respString,
  residential: respBoolean,
  addressLines: respArray(respString),
  cityTown: respString,
  stateProvince: respString,
  postalCode: respString,
  countryCode: respString,
  carrierRoute: respString,
  deliveryPoint: respString,
  status: respString,
})

export const optionalAddressResponse = respObject(addressResponseSchema.shape)
