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
import { eachItem, reportWhen } from "./shapes"
import type { RuleContext, RuleDefinition, ShipmentDraft } from "./types"

/** Doc 2 Rates: specialServices are ignored for cross-border requests. */
const WITH_SPECIAL_SERVICES: readonly Variant[] = [
  "carrier-account",
  "expedited",
  "standard",
]

type Service = ReturnType<typeof specialServices>[number]

const eachService = (
  def: Omit<RuleDefinition, "test">,
  ids: readonly string[],
  broken: (service: Service) => boolean,
  suffix: string | ((service: Service) => string),
  message: string | ((ctx: RuleContext) => string)
) =>
  eachItem({
    ...def,
    items: specialServices,
    broken: (service) =>
      ids.includes(str(service.specialServiceId) ?? "") && broken(service),
    path: (service, i) =>
      `rates[0].specialServices[${i}].${typeof suffix === "string" ? suffix : suffix(service)}`,
    message: (_service, _s: ShipmentDraft, ctx) =>
      typeof message === "string" ? message : message(ctx),
  })

const param = (service: Service, name: string) =>
  inputParameter(service, name).value
const NOTIFICATIONS = [NOTIFICATIONS_SPECIAL_SERVICE]
const always = () => true
const PHONE = SPECIAL_SERVICE_PARAM.notificationPhone

export const SPECIAL_SERVICE_RULES = [
  reportWhen({
    id: "special-services.non-trackable-service",
    source: SOURCE.errors,
    description:
      "a non-trackable postal service (PM) includes a trackable special service such as DelCon (Errors 3)",
    variants: ["expedited"],
    when: (s) =>
      NON_TRACKABLE_SERVICES.includes(serviceId(s) ?? "") &&
      !hasSpecialService(s, TRACKABLE_SPECIAL_SERVICES),
    path: "rates[0].specialServices",
    message: (s) =>
      `${serviceId(s)} is not trackable by itself: add ${TRACKABLE_SPECIAL_SERVICES.join(" or ")}`,
  }),
  reportWhen({
    id: "special-services.hazmat.exclusive",
    source: SOURCE.perVariant,
    description:
      "expedited hazmat goes through special service hazmat or hazmat-electronics, not both",
    variants: ["expedited"],
    when: (s) =>
      HAZMAT_SPECIAL_SERVICES.filter((id) => hasSpecialService(s, [id]))
        .length > 1,
    path: "rates[0].specialServices",
    message: `use one of ${HAZMAT_SPECIAL_SERVICES.join(", ")}, not both`,
  }),
  eachService(
    {
      id: "special-services.hazmat.HAZMAT_TYPE",
      source: SOURCE.rates,
      description:
        "special service hazmat carries input parameter HAZMAT_TYPE (since 9 July 2023)",
      variants: WITH_SPECIAL_SERVICES,
    },
    ["hazmat"],
    (service) => !filled(param(service, SPECIAL_SERVICE_PARAM.hazmatType)),
    "inputParameters",
    "hazmat needs input parameter HAZMAT_TYPE"
  ),
  eachService(
    {
      id: "special-services.hazmat.standard-uses-hazmatDetails",
      source: SOURCE.perVariant,
      description:
        "standard delivery declares hazmat through hazmatDetails, not through hazmat special services",
      variants: ["standard"],
    },
    HAZMAT_SPECIAL_SERVICES,
    always,
    "specialServiceId",
    "standard delivery uses hazmatDetails for hazmat"
  ),
  eachService(
    {
      id: "special-services.INS.INPUT_VALUE",
      source: SOURCE.rates,
      description:
        "insurance (INS or Ins) carries input parameter INPUT_VALUE, an amount as a string",
      variants: WITH_SPECIAL_SERVICES,
    },
    INSURANCE_SPECIAL_SERVICES,
    (service) => {
      const value = param(service, SPECIAL_SERVICE_PARAM.inputValue)
      return !filled(value) || !/^\d+(\.\d{1,2})?$/.test(value!.trim())
    },
    "inputParameters",
    'insurance needs INPUT_VALUE, an amount such as "100.00"'
  ),
  eachService(
    {
      id: "special-services.NOTIFICATIONS.standard-only",
      source: SOURCE.events,
      description:
        "NOTIFICATIONS subscribes a standard delivery shipment to recipient notifications: other variants do not send it",
      variants: ["carrier-account", "expedited"],
    },
    NOTIFICATIONS,
    always,
    "specialServiceId",
    (ctx) =>
      `NOTIFICATIONS is a standard delivery special service, not one of ${ctx.variant} shipments`
  ),
  eachService(
    {
      id: "special-services.NOTIFICATIONS.type",
      source: SOURCE.events,
      description:
        "NOTIFICATIONS carries RECIPIENT_NOTIFICATION_TYPE, ON_INTRANSIT or ON_DELIVER",
      variants: ["standard"],
    },
    NOTIFICATIONS,
    (service) =>
      !(NOTIFICATION_TYPES as readonly (string | undefined)[]).includes(
        param(service, SPECIAL_SERVICE_PARAM.notificationType)
      ),
    "inputParameters",
    `RECIPIENT_NOTIFICATION_TYPE is required: ${NOTIFICATION_TYPES.join(" or ")}`
  ),
  eachService(
    {
      id: "special-services.NOTIFICATIONS.email",
      source: SOURCE.events,
      description:
        "NOTIFICATIONS carries RECIPIENT_NOTIFICATION_EMAIL: one address only",
      variants: ["standard"],
    },
    NOTIFICATIONS,
    (service) => {
      const { value, count } = inputParameter(
        service,
        SPECIAL_SERVICE_PARAM.notificationEmail
      )
      return (
        count > 1 ||
        !filled(value) ||
        !/^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/.test(value!.trim())
      )
    },
    "inputParameters",
    "RECIPIENT_NOTIFICATION_EMAIL is required: exactly one email address"
  ),
  eachService(
    {
      id: "special-services.NOTIFICATIONS.phone",
      source: SOURCE.events,
      description: "RECIPIENT_NOTIFICATION_PHONE, when given, is digits only",
      variants: ["standard"],
    },
    NOTIFICATIONS,
    (service) => {
      const { index, value } = inputParameter(service, PHONE)
      return index >= 0 && !/^\d+$/.test(value ?? "")
    },
    (service) =>
      `inputParameters[${inputParameter(service, PHONE).index}].value`,
    "RECIPIENT_NOTIFICATION_PHONE is digits only, no spaces or punctuation"
  ),
]
