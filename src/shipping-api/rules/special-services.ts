// One table of data: the documents' special-service rules, one defineRule each with its examples (kept whole).
import {
  HAZMAT_SPECIAL_SERVICES,
  INSURANCE_SPECIAL_SERVICES,
  NON_TRACKABLE_SERVICES,
  NOTIFICATION_TYPES,
  NOTIFICATIONS_SPECIAL_SERVICE,
  SPECIAL_SERVICE_PARAM,
  TRACKABLE_SPECIAL_SERVICES,
  type Variant,
} from "../constants"
import { SOURCE } from "../schemas/common"
import {
  filled,
  hasSpecialService,
  inputParameter,
  serviceId,
  specialServices,
  str,
} from "./read"
import { defineRule, type ShipmentDraft } from "./types"

/** Doc 2 Rates: specialServices are ignored for cross-border requests, so no rule here applies to it. */
const WITH_SPECIAL_SERVICES: readonly Variant[] = [
  "carrier-account",
  "expedited",
  "standard",
]

/** Calls `fn` for each special service with one of `ids`, with its path. */
function eachService(
  s: ShipmentDraft,
  ids: readonly string[],
  fn: (
    service: ReturnType<typeof specialServices>[number],
    path: string
  ) => void
): void {
  specialServices(s).forEach((service, i) => {
    if (ids.includes(str(service.specialServiceId) ?? ""))
      fn(service, `rates[0].specialServices[${i}]`)
  })
}

export const nonTrackableServiceRule = defineRule({
  id: "special-services.non-trackable-service",
  source: SOURCE.errors,
  description:
    "a non-trackable postal service (PM) includes a trackable special service such as DelCon (Errors 3)",
  variants: ["expedited"],
  test(s, _ctx, report) {
    const id = serviceId(s)
    if (
      id &&
      NON_TRACKABLE_SERVICES.includes(id) &&
      !hasSpecialService(s, TRACKABLE_SPECIAL_SERVICES)
    ) {
      report(
        "rates[0].specialServices",
        `${id} is not trackable by itself: add ${TRACKABLE_SPECIAL_SERVICES.join(" or ")}`
      )
    }
  },
})

export const hazmatExclusiveRule = defineRule({
  id: "special-services.hazmat.exclusive",
  source: SOURCE.perVariant,
  description:
    "expedited hazmat goes through special service hazmat or hazmat-electronics, not both",
  variants: ["expedited"],
  test(s, _ctx, report) {
    const found = HAZMAT_SPECIAL_SERVICES.filter((id) =>
      hasSpecialService(s, [id])
    )
    if (found.length > 1)
      report(
        "rates[0].specialServices",
        `use one of ${HAZMAT_SPECIAL_SERVICES.join(", ")}, not both`
      )
  },
})

export const hazmatTypeRule = defineRule({
  id: "special-services.hazmat.HAZMAT_TYPE",
  source: SOURCE.rates,
  description:
    "special service hazmat carries input parameter HAZMAT_TYPE (since 9 July 2023)",
  variants: WITH_SPECIAL_SERVICES,
  test(s, _ctx, report) {
    eachService(s, ["hazmat"], (service, path) => {
      if (
        !filled(inputParameter(service, SPECIAL_SERVICE_PARAM.hazmatType).value)
      ) {
        report(
          `${path}.inputParameters`,
          "hazmat needs input parameter HAZMAT_TYPE"
        )
      }
    })
  },
})

export const standardHazmatRule = defineRule({
  id: "special-services.hazmat.standard-uses-hazmatDetails",
  source: SOURCE.perVariant,
  description:
    "standard delivery declares hazmat through hazmatDetails, not through hazmat special services",
  variants: ["standard"],
  test(s, _ctx, report) {
    eachService(s, HAZMAT_SPECIAL_SERVICES, (_service, path) =>
      report(
        `${path}.specialServiceId`,
        "standard delivery uses hazmatDetails for hazmat"
      )
    )
  },
})

export const insuranceValueRule = defineRule({
  id: "special-services.INS.INPUT_VALUE",
  source: SOURCE.rates,
  description:
    "insurance (INS or Ins) carries input parameter INPUT_VALUE, an amount as a string",
  variants: WITH_SPECIAL_SERVICES,
  test(s, _ctx, report) {
    eachService(s, INSURANCE_SPECIAL_SERVICES, (service, path) => {
      const value = inputParameter(
        service,
        SPECIAL_SERVICE_PARAM.inputValue
      ).value
      if (!filled(value) || !/^\d+(\.\d{1,2})?$/.test(value!.trim())) {
        report(
          `${path}.inputParameters`,
          'insurance needs INPUT_VALUE, an amount such as "100.00"'
        )
      }
    })
  },
})

export const notificationsStandardOnlyRule = defineRule({
  id: "special-services.NOTIFICATIONS.standard-only",
  source: SOURCE.events,
  description:
    "NOTIFICATIONS subscribes a standard delivery shipment to recipient notifications: other variants do not send it",
  variants: ["carrier-account", "expedited"],
  test(s, ctx, report) {
    eachService(s, [NOTIFICATIONS_SPECIAL_SERVICE], (_service, path) =>
      report(
        `${path}.specialServiceId`,
        `NOTIFICATIONS is a standard delivery special service, not one of ${ctx.variant} shipments`
      )
    )
  },
})

export const notificationTypeRule = defineRule({
  id: "special-services.NOTIFICATIONS.type",
  source: SOURCE.events,
  description:
    "NOTIFICATIONS carries RECIPIENT_NOTIFICATION_TYPE, ON_INTRANSIT or ON_DELIVER",
  variants: ["standard"],
  test(s, _ctx, report) {
    eachService(s, [NOTIFICATIONS_SPECIAL_SERVICE], (service, path) => {
      const value = inputParameter(
        service,
        SPECIAL_SERVICE_PARAM.notificationType
      ).value
      if (
        !(NOTIFICATION_TYPES as readonly (string | undefined)[]).includes(value)
      ) {
        report(
          `${path}.inputParameters`,
          `RECIPIENT_NOTIFICATION_TYPE is required: ${NOTIFICATION_TYPES.join(" or ")}`
        )
      }
    })
  },
})

export const notificationEmailRule = defineRule({
  id: "special-services.NOTIFICATIONS.email",
  source: SOURCE.events,
  description:
    "NOTIFICATIONS carries RECIPIENT_NOTIFICATION_EMAIL: one address only",
  variants: ["standard"],
  test(s, _ctx, report) {
    eachService(s, [NOTIFICATIONS_SPECIAL_SERVICE], (service, path) => {
      const { value, count } = inputParameter(
        service,
        SPECIAL_SERVICE_PARAM.notificationEmail
      )
      if (
        count > 1 ||
        !filled(value) ||
        !/^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/.test(value!.trim())
      ) {
        report(
          `${path}.inputParameters`,
          "RECIPIENT_NOTIFICATION_EMAIL is required: exactly one email address"
        )
      }
    })
  },
})

export const notificationPhoneRule = defineRule({
  id: "special-services.NOTIFICATIONS.phone",
  source: SOURCE.events,
  description: "RECIPIENT_NOTIFICATION_PHONE, when given, is digits only",
  variants: ["standard"],
  test(s, _ctx, report) {
    eachService(s, [NOTIFICATIONS_SPECIAL_SERVICE], (service, path) => {
      const { index, value } = inputParameter(
        service,
        SPECIAL_SERVICE_PARAM.notificationPhone
      )
      if (index >= 0 && !/^\d+$/.test(value ?? "")) {
        report(
          `${path}.inputParameters[${index}].value`,
          "RECIPIENT_NOTIFICATION_PHONE is digits only, no spaces or punctuation"
        )
      }
    })
  },
})

export const SPECIAL_SERVICE_RULES = [
  nonTrackableServiceRule,
  hazmatExclusiveRule,
  hazmatTypeRule,
  standardHazmatRule,
  insuranceValueRule,
  notificationsStandardOnlyRule,
  notificationTypeRule,
  notificationEmailRule,
  notificationPhoneRule,
]
