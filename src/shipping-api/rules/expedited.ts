import {
  LETTER_FLAT_PARCEL_TYPES,
  NON_DELIVERY_REDIRECT,
  SHIPMENT_OPTION,
} from "../constants"
import { SOURCE } from "../schemas/common"
import { isInternational, isTrue, option, optionPath, parcelType } from "./read"
import { defineRule } from "./types"

export const manifestLettersFlatsRule = defineRule({
  id: "shipment-options.ADD_TO_MANIFEST.letters-flats",
  source: SOURCE.errors,
  description:
    "postal letters and flats cannot be added to a scan form: no ADD_TO_MANIFEST=true with parcelType LETTER or FLAT (Errors 1)",
  variants: ["expedited"],
  test(s, _ctx, report) {
    const type = parcelType(s)
    if (
      type &&
      LETTER_FLAT_PARCEL_TYPES.includes(type) &&
      isTrue(option(s, SHIPMENT_OPTION.addToManifest))
    ) {
      report(
        optionPath(s, SHIPMENT_OPTION.addToManifest),
        `${type} parcels cannot be added to a manifest`
      )
    }
  },
})

export const redirectReturnAddressRule = defineRule({
  id: "altReturnAddress.expedited.redirect",
  source: SOURCE.shipment,
  description:
    "expedited international shipments with NON_DELIVERY_OPTION redirect carry altReturnAddress, where parcels are redirected",
  variants: ["expedited"],
  test(s, _ctx, report) {
    if (
      isInternational(s) &&
      option(s, SHIPMENT_OPTION.nonDeliveryOption)?.toLowerCase() ===
        NON_DELIVERY_REDIRECT &&
      s.altReturnAddress === undefined
    ) {
      report(
        "altReturnAddress",
        "altReturnAddress is required when NON_DELIVERY_OPTION is redirect"
      )
    }
  },
})

export const EXPEDITED_RULES = [
  manifestLettersFlatsRule,
  redirectReturnAddressRule,
]
