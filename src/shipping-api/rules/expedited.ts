import {
  LETTER_FLAT_PARCEL_TYPES,
  NON_DELIVERY_REDIRECT,
  SHIPMENT_OPTION,
} from "../constants"
import { SOURCE } from "../schemas/common"
import { isInternational, isTrue, option, optionPath, parcelType } from "./read"
import { reportWhen } from "./shapes"

const { addToManifest: ADD_TO_MANIFEST, nonDeliveryOption } = SHIPMENT_OPTION

export const EXPEDITED_RULES = [
  reportWhen({
    id: "shipment-options.ADD_TO_MANIFEST.letters-flats",
    source: SOURCE.errors,
    description:
      "postal letters and flats cannot be added to a scan form: no ADD_TO_MANIFEST=true with parcelType LETTER or FLAT (Errors 1)",
    variants: ["expedited"],
    when: (s) =>
      LETTER_FLAT_PARCEL_TYPES.includes(parcelType(s) ?? "") &&
      isTrue(option(s, ADD_TO_MANIFEST)),
    path: (s) => optionPath(s, ADD_TO_MANIFEST),
    message: (s) => `${parcelType(s)} parcels cannot be added to a manifest`,
  }),
  reportWhen({
    id: "altReturnAddress.expedited.redirect",
    source: SOURCE.shipment,
    description:
      "expedited international shipments with NON_DELIVERY_OPTION redirect carry altReturnAddress, where parcels are redirected",
    variants: ["expedited"],
    when: (s) =>
      isInternational(s) &&
      option(s, nonDeliveryOption)?.toLowerCase() === NON_DELIVERY_REDIRECT &&
      s.altReturnAddress === undefined,
    path: "altReturnAddress",
    message:
      "altReturnAddress is required when NON_DELIVERY_OPTION is redirect",
  }),
]
