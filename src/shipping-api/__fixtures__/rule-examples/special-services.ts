import { NOTIFICATIONS_SPECIAL_SERVICE } from "../../constants"
import type { ShipmentDraft } from "../../rules/types"
import { addSpecialService, type RuleExamples } from "./bases"

const notify = (params: Record<string, string>) => (s: ShipmentDraft) =>
  addSpecialService(s, NOTIFICATIONS_SPECIAL_SERVICE, params)
const GOOD_NOTIFICATION = {
  RECIPIENT_NOTIFICATION_TYPE: "ON_DELIVER",
  RECIPIENT_NOTIFICATION_EMAIL: "dana@example.com",
}

export const SPECIAL_SERVICE_RULE_EXAMPLES: Record<string, RuleExamples> = {
  "special-services.non-trackable-service": {
    pass: [{ note: "PM with DelCon" }],
    fail: [
      {
        note: "PM without special services",
        edit: (s) => delete s.rates![0].specialServices,
      },
    ],
  },
  "special-services.hazmat.exclusive": {
    pass: [
      {
        note: "hazmat-electronics only",
        edit: (s) => addSpecialService(s, "hazmat-electronics"),
      },
    ],
    fail: [
      {
        note: "both",
        edit: (s) => {
          addSpecialService(s, "hazmat", { HAZMAT_TYPE: "LITHIUM" })
          addSpecialService(s, "hazmat-electronics")
        },
      },
    ],
  },
  "special-services.hazmat.HAZMAT_TYPE": {
    pass: [
      {
        note: "with HAZMAT_TYPE",
        base: "expedited",
        edit: (s) =>
          addSpecialService(s, "hazmat", { HAZMAT_TYPE: "LIMITED_QUANTITY" }),
      },
    ],
    fail: [
      {
        note: "without parameters",
        base: "expedited",
        edit: (s) => addSpecialService(s, "hazmat"),
      },
    ],
  },
  "special-services.hazmat.standard-uses-hazmatDetails": {
    pass: [
      {
        note: "hazmatDetails",
        edit: (s) =>
          (s.hazmatDetails = {
            containerDetails: [
              {
                commodityInfo: [
                  { hazardClass: "9", quantity: 1, quantityUOM: "EA" },
                ],
              },
            ],
          }),
      },
    ],
    fail: [
      {
        note: "hazmat-electronics special service",
        edit: (s) => addSpecialService(s, "hazmat-electronics"),
      },
    ],
  },
  "special-services.INS.INPUT_VALUE": {
    pass: [
      {
        note: "INS 100.00",
        base: "expedited",
        edit: (s) => addSpecialService(s, "Ins", { INPUT_VALUE: "100.00" }),
      },
    ],
    fail: [
      {
        note: "no amount",
        base: "expedited",
        edit: (s) => addSpecialService(s, "INS"),
      },
      {
        note: "not an amount",
        base: "carrier-account",
        edit: (s) => addSpecialService(s, "INS", { INPUT_VALUE: "a lot" }),
      },
    ],
  },
  "special-services.NOTIFICATIONS.standard-only": {
    pass: [{ note: "DelCon on postal", base: "expedited" }],
    fail: [
      { note: "on postal", base: "expedited", edit: notify(GOOD_NOTIFICATION) },
      {
        note: "on carrier-account",
        base: "carrier-account",
        edit: notify(GOOD_NOTIFICATION),
      },
    ],
  },
  "special-services.NOTIFICATIONS.type": {
    pass: [
      { note: "ON_DELIVER", base: "standard", edit: notify(GOOD_NOTIFICATION) },
    ],
    fail: [
      {
        note: "missing",
        base: "standard",
        edit: notify({ RECIPIENT_NOTIFICATION_EMAIL: "dana@example.com" }),
      },
      {
        note: "unknown",
        base: "standard",
        edit: notify({
          ...GOOD_NOTIFICATION,
          RECIPIENT_NOTIFICATION_TYPE: "ON_EXCEPTION",
        }),
      },
    ],
  },
  "special-services.NOTIFICATIONS.email": {
    pass: [
      {
        note: "one address",
        base: "standard",
        edit: notify(GOOD_NOTIFICATION),
      },
    ],
    fail: [
      {
        note: "missing",
        base: "standard",
        edit: notify({ RECIPIENT_NOTIFICATION_TYPE: "ON_INTRANSIT" }),
      },
      {
        note: "two addresses",
        base: "standard",
        edit: notify({
          ...GOOD_NOTIFICATION,
          RECIPIENT_NOTIFICATION_EMAIL: "a@example.com, b@example.com",
        }),
      },
    ],
  },
  "special-services.NOTIFICATIONS.phone": {
    pass: [
      { note: "no phone", base: "standard", edit: notify(GOOD_NOTIFICATION) },
      {
        note: "digits",
        base: "standard",
        edit: notify({
          ...GOOD_NOTIFICATION,
          RECIPIENT_NOTIFICATION_PHONE: "5125550100",
        }),
      },
    ],
    fail: [
      {
        note: "punctuation",
        base: "standard",
        edit: notify({
          ...GOOD_NOTIFICATION,
          RECIPIENT_NOTIFICATION_PHONE: "(512) 555-0100",
        }),
      },
    ],
  },
}
