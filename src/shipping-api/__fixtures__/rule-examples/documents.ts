import { expeditedAbroad, setOption, type RuleExamples } from "./bases"

export const DOCUMENT_RULE_EXAMPLES: Record<string, RuleExamples> = {
  "documents.required": {
    pass: [{ note: "label requested", base: "standard" }],
    fail: [
      {
        note: "carrier-account without documents",
        base: "carrier-account",
        edit: (s) => delete s.documents,
      },
      {
        note: "empty list",
        base: "cross-border",
        edit: (s) => (s.documents = []),
      },
    ],
  },
  "documents.cross-border.omitted-without-label": {
    pass: [
      {
        note: "pickup to hub without documents",
        edit: (s) => {
          setOption(s, "DELIVERY_SOLUTION", "PICKUP_CLIENTLABEL")
          delete s.documents
        },
      },
    ],
    fail: [
      {
        note: "pickup to hub with a label",
        edit: (s) => setOption(s, "DELIVERY_SOLUTION", "PICKUP_CLIENTLABEL"),
      },
    ],
  },
  "documents.expedited.one": {
    pass: [{ note: "one label" }],
    fail: [
      {
        note: "two labels",
        edit: (s) => s.documents!.push(structuredClone(s.documents![0])),
      },
    ],
  },
  "documents.SHIPPING_LABEL.size-required": {
    pass: [{ note: "DOC_4X6", base: "standard" }],
    fail: [
      {
        note: "no size",
        base: "carrier-account",
        edit: (s) => delete s.documents![0].size,
      },
    ],
  },
  "documents.QR_CODE.shape": {
    pass: [
      {
        note: "GIF by URL",
        edit: (s) =>
          (s.documents = [
            { type: "QR_CODE", fileFormat: "GIF", contentType: "URL" },
          ]),
      },
    ],
    fail: [
      {
        note: "PNG QR code",
        edit: (s) =>
          (s.documents = [
            { type: "QR_CODE", fileFormat: "PNG", contentType: "BASE64" },
          ]),
      },
      {
        note: "QR code with a size",
        edit: (s) =>
          (s.documents = [
            {
              type: "QR_CODE",
              fileFormat: "GIF",
              contentType: "BASE64",
              size: "DOC_4X6",
            },
          ]),
      },
    ],
  },
  "documents.QR_CODE.expedited-only": {
    pass: [{ note: "label", base: "standard" }],
    fail: [
      {
        note: "QR code on standard",
        base: "standard",
        edit: (s) =>
          (s.documents = [
            { type: "QR_CODE", fileFormat: "GIF", contentType: "URL" },
          ]),
      },
    ],
  },
  "documents.GIF.qr-code-only": {
    pass: [{ note: "PDF label", base: "carrier-account" }],
    fail: [
      {
        note: "GIF label",
        base: "expedited",
        edit: (s) => (s.documents![0].fileFormat = "GIF"),
      },
    ],
  },
  "documents.expedited.base64-formats": {
    pass: [
      { note: "PNG Base64" },
      {
        note: "PDF URL",
        edit: (s) =>
          Object.assign(s.documents![0], {
            fileFormat: "PDF",
            contentType: "URL",
          }),
      },
    ],
    fail: [
      {
        note: "ZPL2 URL",
        edit: (s) =>
          Object.assign(s.documents![0], {
            fileFormat: "ZPL2",
            contentType: "URL",
          }),
      },
    ],
  },
  "documents.expedited.customs-label-size": {
    pass: [
      {
        note: "8x11 abroad",
        edit: (s) => {
          expeditedAbroad(s)
          s.documents![0].size = "DOC_8X11"
        },
      },
    ],
    fail: [
      {
        note: "4x5 abroad",
        edit: (s) => {
          expeditedAbroad(s)
          s.documents![0].size = "DOC_4X5"
        },
      },
    ],
  },
  "documents.expedited.letter-flat-4x6": {
    pass: [
      { note: "flat on 4x6", edit: (s) => (s.rates![0].parcelType = "FLAT") },
    ],
    fail: [
      {
        note: "flat on 8x11",
        edit: (s) => {
          s.rates![0].parcelType = "FLAT"
          s.documents![0].size = "DOC_8X11"
        },
      },
      {
        note: "letter on 4x5",
        edit: (s) => {
          s.rates![0].parcelType = "LETTER"
          s.documents![0].size = "DOC_4X5"
        },
      },
    ],
  },
  "documents.brazil-8x11": {
    pass: [{ note: "8x11", edit: (s) => expeditedAbroad(s, "BR") }],
    fail: [
      {
        note: "4x6",
        edit: (s) => {
          expeditedAbroad(s, "BR")
          s.documents![0].size = "DOC_4X6"
        },
      },
    ],
  },
}
