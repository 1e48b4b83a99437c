import fields from "../../__fixtures__/doc2-fields.json"
import {
  examplesOf,
  FIELD_RULE_EXAMPLES,
} from "../../__fixtures__/rule-examples"
import { SHIPMENT_OPTION } from "../../constants"
import {
  violationsFromZod,
  SHIPMENT_RESOURCES,
} from "../../rules/zod-violations"
import type { ZodType } from "../../zod"
// The shipment modules only: the walk below covers the field rules this part defines.
import * as address from "../address"
import { FIELD_RULES } from "../common"
import * as customs from "../customs"
import * as document from "../document"
import * as manifest from "../manifest"
import * as parcel from "../parcel"
import * as rates from "../rates"
import * as retry from "../retry"
import * as shipment from "../shipment"
import * as voids from "../void"
// Registers the rest of the field rules (contact, webhook configuration) for the examples' walk.
import "../index"

const SCHEMAS: Record<string, unknown> = {
  ...address,
  ...customs,
  ...document,
  ...manifest,
  ...parcel,
  ...rates,
  ...retry,
  ...shipment,
  ...voids,
}

type Def = {
  type: string
  innerType?: Def
  out?: Def
  in?: Def
  element?: Def
  shape?: Record<string, Def>
}
const defOf = (s: unknown): Def => {
  const zod = (s as { _zod: { def: Def } })._zod.def
  return {
    ...zod,
    shape: (zod as { shape?: Record<string, unknown> }).shape as
      Record<string, Def> | undefined,
  }
}

/** Steps through optional, preprocess pipes and arrays to the object whose keys we look at. */
function unwrap(schema: unknown): unknown {
  let s = schema as { _zod: { def: Record<string, unknown> } }
  for (;;) {
    const def = s._zod.def
    if (
      def.type === "optional" ||
      def.type === "nullable" ||
      def.type === "default"
    )
      s = def.innerType as typeof s
    else if (def.type === "pipe")
      s = (
        (def.out as typeof s)._zod.def.type === "transform" ? def.in : def.out
      ) as typeof s
    else if (def.type === "array") s = def.element as typeof s
    else return s
  }
}

function hasPath(schema: unknown, path: string): boolean {
  let current: unknown = schema
  for (const step of path.split(".")) {
    const key = step.replace(/\[\]$/, "")
    const shape = defOf(unwrap(current)).shape
    if (!shape || !(key in shape)) return false
    current = shape[key]
  }
  return true
}

describe("field rules (FIELD_RULES)", () => {
  const rules = [...FIELD_RULES.values()]
  it("are registered", () => expect(rules.length).toBeGreaterThan(25))

  it("have examples, and every example names a registered rule", () => {
    expect(Object.keys(FIELD_RULE_EXAMPLES).sort()).toEqual(
      rules.map((r) => r.id).sort()
    )
  })

  it.each(rules.map((r) => [r.id, r] as const))(
    "%s: has examples that behave",
    (_id, rule) => {
      const examples = examplesOf(FIELD_RULE_EXAMPLES, rule.id)
      expect(examples.pass.length).toBeGreaterThan(0)
      expect(examples.fail.length).toBeGreaterThan(0)
      const test = rule.test as (v: unknown) => boolean
      for (const v of examples.pass) expect([v, test(v)]).toEqual([v, true])
      for (const v of examples.fail) expect([v, test(v)]).toEqual([v, false])
      expect(rule.source).toMatch(/^(doc \d, |ours)/)
    }
  )
})

describe("doc 2 field tables (__fixtures__/doc2-fields.json)", () => {
  for (const resource of fields.resources) {
    describe(resource.section, () => {
      const request = resource.request
        ? (SCHEMAS[resource.request] as ZodType)
        : undefined
      const response = SCHEMAS[resource.response] as ZodType
      const prefix = (resource as { responsePrefix?: string }).responsePrefix
      const inResponse = (f: string) =>
        hasPath(response, prefix ? `${prefix}.${f}` : f)

      it("names schemas that exist", () => {
        if (resource.request) expect(request).toBeDefined()
        expect(response).toBeDefined()
      })
      if (resource.fields.length) {
        it.each(resource.fields)(
          "%s is in the request and the response schema",
          (f) => {
            expect(hasPath(request, f)).toBe(true)
            expect(inResponse(f)).toBe(true)
          }
        )
      }
      if (resource.responseOnly.length) {
        it.each(resource.responseOnly)(
          "%s is in the response schema only",
          (f) => {
            expect(inResponse(f)).toBe(true)
            if (request) expect(hasPath(request, f)).toBe(false)
          }
        )
      }
      const requestOnly =
        (resource as { requestOnly?: string[] }).requestOnly ?? []
      if (requestOnly.length) {
        it.each(requestOnly)("%s is in the request schema", (f) =>
          expect(hasPath(request, f)).toBe(true)
        )
      }
    })
  }

  it("knows every request shipment option name", () => {
    expect(Object.values(SHIPMENT_OPTION).sort()).toEqual(
      [...fields.shipmentOptionNames].sort()
    )
  })
})

describe("request schemas are strict", () => {
  const problems = (schema: ZodType, value: unknown) => {
    const r = schema.safeParse(value, { reportInput: true })
    return r.success
      ? []
      : violationsFromZod(r.error, SHIPMENT_RESOURCES).map(
          (v) => `${v.path} ${v.rule}`
        )
  }
  const item = { description: "Mug", quantity: 1, unitPrice: 5 }

  it("reports type, enum, length and format with rule ids", () => {
    expect(
      problems(customs.customsItemSchema, {
        ...item,
        description: "x".repeat(256),
        quantity: 1.5,
      })
    ).toEqual([
      "description customs-item.description.max-length",
      "quantity shipment.quantity.type",
    ])
    expect(
      problems(document.documentSchema, {
        type: "LABEL",
        fileFormat: "PDF",
        contentType: "URL",
      })
    ).toEqual(["type shipment.type.enum"])
    expect(
      problems(customs.customsInfoSchema, {
        currencyCode: "usd",
        fromCustomsReference: "CHE12345",
      })
    ).toEqual([
      "currencyCode customs-info.currencyCode.format",
      "fromCustomsReference customs-info.fromCustomsReference.format",
    ])
  })

  it("names missing fields as required, at their full path", () => {
    const r = shipment.shipmentRequestSchema.safeParse(
      {
        shipmentOptions: [],
        rates: [{ carrier: "POSTAL", parcelType: "PKG" }],
      },
      { reportInput: true }
    )
    const v = r.success ? [] : violationsFromZod(r.error, SHIPMENT_RESOURCES)
    expect(v.map((x) => `${x.path} ${x.rule} ${x.source}`)).toEqual([
      "fromAddress shipment.fromAddress.required doc 2, Shipment object",
      "toAddress shipment.toAddress.required doc 2, Shipment object",
      "parcel shipment.parcel.required doc 2, Shipment object",
      "rates[0].serviceId rates.serviceId.required doc 2, Rates",
    ])
  })

  it("limits customsItems to 30 and HS codes to 14", () => {
    expect(
      problems(customs.customsSchema, {
        customsInfo: { currencyCode: "USD" },
        customsItems: Array(31).fill(item),
      })
    ).toEqual(["customsItems customs.customsItems.max-items"])
    expect(
      problems(customs.customsItemSchema, {
        ...item,
        hSTariffCode: "1".repeat(15),
      })
    ).toEqual(["hSTariffCode customs-item.hSTariffCode.max-length"])
  })

  it("strips unknown fields", () => {
    const r = address.addressSchema.parse({
      countryCode: "US",
      favouriteColour: "blue",
    })
    expect(r).toEqual({ countryCode: "US" })
  })
})

describe("response schemas are tolerant", () => {
  it("keeps unknown fields, coerces numbers sent as strings and drops nulls", () => {
    const body = {
      shipmentId: "USPS2200080642743578",
      parcelTrackingNumber: "9405509898642004103722",
      somethingNew: { nested: true },
      parcel: {
        weight: { weight: "20", unitOfMeasurement: "OZ" },
        dimension: { length: 12, irregularParcelGirth: "0.0" },
        valueOfGoods: null,
      },
      rates: [
        {
          carrier: "POSTAL",
          baseCharge: "7.52",
          totalCarrierCharge: 8.1,
          surcharges: [{ name: "FUEL", fee: "0.58" }],
          destinationZone: 5,
          specialServices: [
            { specialServiceId: "DelCon", fee: "0.0", inputParameters: null },
          ],
          deliveryCommitment: {
            minEstimatedNumberOfDays: 1,
            maxEstimatedNumberOfDays: "3",
            extra: "kept",
          },
          newField: "kept",
        },
      ],
      documents: [
        {
          type: "SHIPPING_LABEL",
          contentType: "BASE64",
          pages: [{ contents: "iVBORw0KGgo=" }],
        },
      ],
      toAddress: {
        residential: "true",
        postalCode: 60606,
        status: "VALIDATED_AND_NOT_CHANGED",
        carrierRoute: "C001",
      },
    }
    const parsed = shipment.createdShipmentResponseSchema.parse(body)
    expect(parsed.somethingNew).toEqual({ nested: true })
    expect(parsed.parcel?.weight?.weight).toBe(20)
    expect(parsed.parcel?.dimension?.irregularParcelGirth).toBe(0)
    expect(parsed.parcel?.valueOfGoods).toBeUndefined()
    expect(parsed.rates?.[0]).toMatchObject({
      baseCharge: 7.52,
      destinationZone: 5,
      newField: "kept",
    })
    expect(parsed.rates?.[0].surcharges?.[0].fee).toBe(0.58)
    expect(parsed.rates?.[0].specialServices?.[0].fee).toBe(0)
    expect(parsed.rates?.[0].deliveryCommitment).toMatchObject({
      minEstimatedNumberOfDays: "1",
      maxEstimatedNumberOfDays: "3",
      extra: "kept",
    })
    expect(parsed.documents?.[0].pages?.[0].contents).toBe("iVBORw0KGgo=")
    expect(parsed.toAddress).toMatchObject({
      residential: true,
      postalCode: "60606",
    })
  })

  it("parses void and manifest answers", () => {
    expect(
      voids.voidResponseSchema.parse({
        carrier: "POSTAL",
        totalCarrierCharge: "8.10",
        status: "INITIATED",
        x: 1,
      })
    ).toEqual({
      carrier: "POSTAL",
      totalCarrierCharge: 8.1,
      status: "INITIATED",
      x: 1,
    })
    expect(
      manifest.manifestResponseSchema.parse({
        manifestId: 42,
        documents: [
          { type: "MANIFEST", contentType: "URL", contents: "https://x/m.pdf" },
        ],
      })
    ).toMatchObject({ manifestId: "42", documents: [{ type: "MANIFEST" }] })
  })

  it("requires a shipment id of a created shipment, and only that", () => {
    expect(shipment.createdShipmentResponseSchema.safeParse({}).success).toBe(
      false
    )
    expect(
      shipment.createdShipmentResponseSchema.safeParse({ shipmentId: 123 })
        .success
    ).toBe(true)
    expect(shipment.shipmentResponseSchema.safeParse({}).success).toBe(true)
  })
})
