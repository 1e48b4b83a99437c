import { setOption, type RuleExamples } from "./bases"

export const PARCEL_RULE_EXAMPLES: Record<string, RuleExamples> = {
  "parcel.weight.unitOfMeasurement.oz": {
    pass: [{ note: "OZ", base: "expedited" }],
    fail: [
      {
        note: "LB on postal",
        base: "expedited",
        edit: (s) => (s.parcel!.weight!.unitOfMeasurement = "LB"),
      },
      {
        note: "lower-case oz on carrier-account",
        base: "carrier-account",
        edit: (s) => (s.parcel!.weight!.unitOfMeasurement = "oz"),
      },
    ],
  },
  "parcel.dimension.unitOfMeasurement.in": {
    pass: [{ note: "IN", base: "standard" }],
    fail: [
      {
        note: "in",
        base: "expedited",
        edit: (s) => (s.parcel!.dimension!.unitOfMeasurement = "in"),
      },
    ],
  },
  "parcel.dimension.standard-required": {
    pass: [{ note: "with dimension" }],
    fail: [
      { note: "without dimension", edit: (s) => delete s.parcel!.dimension },
    ],
  },
  "rates.parcelType.pkg": {
    pass: [
      { note: "PKG", base: "standard" },
      { note: "PKG", base: "cross-border" },
    ],
    fail: [
      {
        note: "FLAT on standard",
        base: "standard",
        edit: (s) => (s.rates![0].parcelType = "FLAT"),
      },
      {
        note: "FRE on cross-border",
        base: "cross-border",
        edit: (s) => (s.rates![0].parcelType = "FRE"),
      },
    ],
  },
  "parcel.length-plus-girth": {
    pass: [
      {
        note: "108 exactly (40 + 2*(17+17))",
        base: "expedited",
        edit: (s) =>
          Object.assign(s.parcel!.dimension!, {
            length: 17,
            width: 40,
            height: 17,
          }),
      },
      {
        note: "Parcel Select up to 130",
        base: "expedited",
        edit: (s) => {
          s.rates![0].serviceId = "PS"
          Object.assign(s.parcel!.dimension!, {
            length: 50,
            width: 20,
            height: 20,
          })
        },
      },
    ],
    fail: [
      {
        note: "longest side given as height",
        base: "expedited",
        edit: (s) =>
          Object.assign(s.parcel!.dimension!, {
            length: 10,
            width: 10,
            height: 90,
          }),
      },
      {
        note: "irregular girth too big",
        base: "carrier-account",
        edit: (s) =>
          Object.assign(s.parcel!.dimension!, { irregularParcelGirth: 100 }),
      },
      {
        note: "Parcel Select above 130",
        base: "expedited",
        edit: (s) => {
          s.rates![0].serviceId = "PS"
          Object.assign(s.parcel!.dimension!, {
            length: 51,
            width: 20,
            height: 20,
          })
        },
      },
    ],
  },
  "parcel.soft-pack.limits": {
    pass: [
      {
        note: "18 x 18 x 2",
        base: "expedited",
        edit: (s) => {
          s.rates![0].parcelType = "SOFTPACK"
          Object.assign(s.parcel!.dimension!, {
            length: 18,
            width: 18,
            height: 2,
          })
        },
      },
    ],
    fail: [
      {
        note: "too thick",
        base: "expedited",
        edit: (s) => {
          s.rates![0].parcelType = "SOFTPACK"
          Object.assign(s.parcel!.dimension!, {
            length: 12,
            width: 9,
            height: 3,
          })
        },
      },
      {
        note: "no dimensions",
        base: "expedited",
        edit: (s) => {
          s.rates![0].parcelType = "SOFTPACK"
          delete s.parcel!.dimension
        },
      },
    ],
  },
  "shipment-options.IS_RECTANGULAR.irregular-girth": {
    pass: [
      { note: "no irregular girth" },
      {
        note: "irregular girth and IS_RECTANGULAR=false",
        edit: (s) => {
          s.parcel!.dimension!.irregularParcelGirth = 30
          setOption(s, "IS_RECTANGULAR", "false")
        },
      },
    ],
    fail: [
      {
        note: "irregular girth without the option",
        edit: (s) => (s.parcel!.dimension!.irregularParcelGirth = 30),
      },
      {
        note: "irregular girth with IS_RECTANGULAR=true",
        edit: (s) => {
          s.parcel!.dimension!.irregularParcelGirth = 30
          setOption(s, "IS_RECTANGULAR", "true")
        },
      },
    ],
  },
}
