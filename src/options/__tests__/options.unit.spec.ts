import { appPluginOptions } from "../../../dev/app-options"
import {
  checkPluginOptions,
  InvalidOptionsError,
  mergeOptions,
  optionsFromConfig,
  parsePluginOptions,
  redact,
  resolveRoots,
  SHIPPING_SERVICES_MODULE,
} from ".."

const valid = () => ({
  credentials: { apiKey: "key-123", apiSecret: "secret-456" },
  roots: { baseUrl: "https://api.example.com/shipping/" },
  shipper: { shipperId: "9024324" },
  services: [
    { id: "ground", name: "Ground", variant: "expedited", serviceId: "UGA" },
  ] as Record<string, unknown>[],
})

function problems(raw: unknown): string[] {
  try {
    parsePluginOptions(raw)
  } catch (e) {
    expect(e).toBeInstanceOf(InvalidOptionsError)
    return (e as InvalidOptionsError).problems.map(
      (p) => `${p.path}: ${p.message}`
    )
  }
  throw new Error("expected the options to be rejected")
}

describe("plugin options", () => {
  it("accepts the minimal set and fills the defaults", () => {
    const o = parsePluginOptions(valid())
    expect(o.roots.baseUrl).toBe("https://api.example.com/shipping")
    expect(o.http).toEqual({ timeoutMs: 30000, concurrency: 8, maxAttempts: 3 })
    expect(o.catalogUnits).toEqual({ weight: "g", length: "cm" })
    expect(o.autoFulfill.enabled).toBe(true)
    expect(o.services[0].label).toEqual({
      type: "SHIPPING_LABEL",
      fileFormat: "PDF",
      contentType: "BASE64",
    })
    expect(o.webhook.headerName).toBe("X-Shipping-Services-Key")
  })

  it("names every bad field in one error, with the rule", () => {
    const raw = {
      credentials: { apiKey: "" },
      roots: { baseUrl: "ftp://nowhere" },
      shipper: {},
      services: [
        {
          id: "Bad Id",
          name: "x",
          variant: "standard",
          serviceId: "PM",
          label: { size: "DOC_9X9" },
        },
      ],
      http: { concurrency: 0 },
    }
    expect(problems(raw)).toEqual([
      "credentials.apiKey: must not be empty",
      "credentials.apiSecret: is required",
      "roots.baseUrl: must be an http(s) URL",
      "shipper.shipperId: is required",
      "services[0].id: must be lower-case letters, digits and hyphens (max 49)",
      expect.stringContaining("services[0].label.size: "),
      expect.stringContaining("http.concurrency: "),
      // The documents' rules that depend only on options, with their rule ids (service-checks.ts).
      'services[0].serviceId: "PM" is not a standard service; expected one of PRCLSEL [rates.serviceId.known]',
      'shipper.clientFacilityId: CLIENT_FACILITY_ID is required for standard delivery (services[0] "Bad Id") [shipment-options.standard.facilities]',
      'shipper.carrierFacilityId: CARRIER_FACILITY_ID is required for standard delivery (services[0] "Bad Id") [shipment-options.standard.facilities]',
    ])
  })

  it("refuses a URL on a port fetch and browsers never connect to, naming the port", () => {
    expect(
      problems({
        ...valid(),
        roots: {
          baseUrl: "http://localhost:10080",
          contactUrl: "https://contact.example.com:6667/",
        },
        webhook: { publicUrl: "http://shop.example.com:6000" },
      })
    ).toEqual([
      "roots.baseUrl: must not use port 10080: fetch and browsers refuse to connect to it (the Fetch standard's blocked ports)",
      "roots.contactUrl: must not use port 6667: fetch and browsers refuse to connect to it (the Fetch standard's blocked ports)",
      "webhook.publicUrl: must not use port 6000: fetch and browsers refuse to connect to it (the Fetch standard's blocked ports)",
    ])
    // The scheme's own port, written out or not, and any other port are fine.
    for (const baseUrl of [
      "http://localhost:80",
      "https://api.example.com:443/v1",
      "http://localhost:10081",
    ])
      expect(
        parsePluginOptions({ ...valid(), roots: { baseUrl } }).roots.baseUrl
      ).toBe(baseUrl)
  })

  it("rate shopping: among its variant's services only, refused at boot with the path; cheapest by default", () => {
    const shopping = (rateShopping: unknown) => {
      const raw = valid()
      raw.services = [{ ...raw.services[0], rateShopping }]
      return raw
    }
    const ok = parsePluginOptions(shopping({ among: ["PS", "PM"] }))
    expect(ok.services[0].rateShopping).toEqual({
      among: ["PS", "PM"],
      choose: "cheapest",
    })
    expect(
      problems(shopping({ among: ["PS", "NDA", "GROUND"], choose: "fastest" }))
    ).toEqual([
      'services[0].rateShopping.among[1]: "NDA" is a carrier-account service, not expedited: rate shopping chooses among one variant\'s services (PM, EM, EMI, FCMI, FCPIS, UGA, PS) [options.rateShopping.among]',
      'services[0].rateShopping.among[2]: "GROUND" is not a service of the documents: rate shopping chooses among one variant\'s services (PM, EM, EMI, FCMI, FCPIS, UGA, PS) [options.rateShopping.among]',
    ])
    expect(problems(shopping({ among: [], choose: "slowest" }))).toEqual([
      "services[0].rateShopping.among: must name at least one service",
      expect.stringContaining("services[0].rateShopping.choose: "),
    ])
  })

  it("rejects duplicate service ids and an empty service list", () => {
    const twice = {
      ...valid(),
      services: [valid().services[0], valid().services[0]],
    }
    expect(problems(twice)).toEqual(["services: ids must be unique"])
    expect(problems({ ...valid(), services: [] })).toEqual([
      "services: needs at least one service",
    ])
  })

  it("alerts: a template needs someone to send it to; the silence is whole minutes, 0 turns it off", () => {
    expect(
      problems({ ...valid(), alerts: { template: "shipping-alert" } })
    ).toEqual(["alerts.to: is required when alerts.template is set"])
    expect(
      problems({ ...valid(), alerts: { webhookSilenceMinutes: -5 } })
    ).toEqual([
      "alerts.webhookSilenceMinutes: Too small: expected number to be >=0",
    ])
    const o = parsePluginOptions({
      ...valid(),
      alerts: {
        webhookSilenceMinutes: 0,
        template: "t",
        to: "ops@example.com",
      },
    })
    expect(o.alerts).toEqual({
      webhookSilenceMinutes: 0,
      template: "t",
      to: "ops@example.com",
      channel: "email",
    })
    expect(parsePluginOptions(valid()).alerts).toEqual({
      webhookSilenceMinutes: 180,
      channel: "email",
    })
  })

  it("never echoes a secret value in the error", () => {
    const raw = {
      ...valid(),
      credentials: { apiKey: 12345, apiSecret: "very-secret-value" },
      roots: {},
    }
    let message = ""
    try {
      parsePluginOptions(raw)
    } catch (e) {
      message = (e as Error).message
    }
    expect(message).toContain("credentials.apiKey")
    expect(message).not.toContain("12345")
    expect(message).not.toContain("very-secret-value")
  })

  it("redacts secrets wherever options are printed", () => {
    const printed = JSON.stringify(redact(parsePluginOptions(valid())))
    expect(printed).not.toContain("key-123")
    expect(printed).not.toContain("secret-456")
    expect(printed).toContain("[redacted]")
    expect(printed).toContain("9024324")
  })

  it("reads the plugin entry from configModule and lets provider options override", () => {
    const configModule = {
      modules: {
        [SHIPPING_SERVICES_MODULE]: { resolve: "x", options: valid() },
      },
    }
    const o = optionsFromConfig(configModule, { http: { concurrency: 2 } })
    expect(o.http.concurrency).toBe(2)
    expect(o.http.timeoutMs).toBe(30000)
    expect(o.shipper.shipperId).toBe("9024324")
    expect(() => optionsFromConfig({ modules: {} })).toThrow(
      InvalidOptionsError
    )
  })

  it("merges deeply but replaces arrays", () => {
    expect(mergeOptions({ a: { b: 1, c: [1, 2] } }, { a: { c: [3] } })).toEqual(
      { a: { b: 1, c: [3] } }
    )
  })

  it("derives the roots of shared/spec/4 from the base url", () => {
    expect(
      resolveRoots({ baseUrl: "https://api.example.com/shipping" })
    ).toEqual({
      baseUrl: "https://api.example.com/shipping",
      authUrl: "https://api.example.com",
      webhookUrl: "https://api.example.com/shipping",
      contactUrl: "https://api.example.com/shipping",
      apacUrl: undefined,
    })
  })

  it("keeps the development app's options valid", () => {
    expect(() => parsePluginOptions(appPluginOptions({}))).not.toThrow()
  })
})

describe("unknown option keys (strict at every level)", () => {
  it("names each unknown key by its full path, with the nearest known key when one is close", () => {
    const raw = {
      ...valid(),
      bogus: 1,
      webhooks: { publicUrl: "https://shop.example.com" },
      credentials: { apiKey: "k", apiSecret: "s", apikey: "x" },
      services: [
        {
          ...valid().services[0],
          serviceID: "UGA",
          label: { fileFormat: "PDF", szie: "DOC_4X6" },
        },
      ],
      carrierCodes: { POSTAl: "USPS" },
      customs: { overflow: "merge", reasonForExports: "GIFT" },
    }
    expect(problems(raw)).toEqual(
      expect.arrayContaining([
        "bogus: unknown option",
        "webhooks: unknown option; did you mean webhook?",
        "credentials.apikey: unknown option; did you mean apiKey?",
        "services[0].serviceID: unknown option; did you mean serviceId?",
        "services[0].label.szie: unknown option; did you mean size?",
        "carrierCodes.POSTAl: unknown option; did you mean POSTAL?",
        "customs.reasonForExports: unknown option; did you mean reasonForExport?",
      ])
    )
    expect(problems(raw)).toHaveLength(7)
  })

  it("leaves Medusa's own module keys alone (it adds database to every module's options)", () => {
    expect(() =>
      parsePluginOptions({
        ...valid(),
        database: { clientUrl: "postgres://x", debug: false },
      })
    ).not.toThrow()
    expect(parsePluginOptions({ ...valid(), database: {} })).not.toHaveProperty(
      "database"
    )
  })

  it("also inside array entries of sections (special services, shipment options, address)", () => {
    const raw = {
      ...valid(),
      origin: {
        name: "A B",
        addressLines: ["1 Main St"],
        cityTown: "X",
        postalCode: "1",
        countryCode: "US",
        zip: "1",
      },
      services: [
        {
          ...valid().services[0],
          specialServices: [{ specialServiceId: "DelCon", params: [] }],
          shipmentOptions: [{ name: "X", value: "1", note: "" }],
        },
      ],
    }
    expect(problems(raw)).toEqual([
      "origin.zip: unknown option",
      "services[0].specialServices[0].params: unknown option",
      "services[0].shipmentOptions[0].note: unknown option",
    ])
  })

  it("keeps one message with every problem: unknown keys, wrong values and broken rules together", () => {
    const raw = {
      ...valid(),
      polling: { enabled: true, schedul: "* * * * *" },
      services: [
        { id: "xb", name: "XB", variant: "cross-border", serviceId: "XBXPS" },
      ],
    }
    expect(problems(raw)).toEqual([
      "polling.schedul: unknown option; did you mean schedule?",
      "services[0].deliverySolution: DELIVERY_SOLUTION is required [shipment-options.DELIVERY_SOLUTION.required]",
    ])
  })
})

describe("the documents' rules that depend only on options are checked at boot", () => {
  const withService = (
    service: Record<string, unknown>,
    over: Record<string, unknown> = {}
  ) => ({ ...valid(), ...over, services: [service] })
  const crossBorder = {
    id: "xb",
    name: "International",
    variant: "cross-border",
    serviceId: "XBXPS",
  }

  it("a cross-border service without deliverySolution (else the shopper gets a 400 at checkout)", () => {
    expect(problems(withService(crossBorder))).toEqual([
      "services[0].deliverySolution: DELIVERY_SOLUTION is required [shipment-options.DELIVERY_SOLUTION.required]",
    ])
  })

  it("a drop-off solution without shipper.carrierFacilityId (else the label purchase fails after the order)", () => {
    expect(
      problems(
        withService({
          ...crossBorder,
          deliverySolution: "DROPOFF_GENERICLABEL",
        })
      )
    ).toEqual([
      'shipper.carrierFacilityId: CARRIER_FACILITY_ID is required with DROPOFF_GENERICLABEL (services[0] "xb") [shipment-options.cross-border.carrier-facility]',
    ])
    expect(() =>
      parsePluginOptions(
        withService(
          { ...crossBorder, deliverySolution: "DROPOFF_GENERICLABEL" },
          { shipper: { shipperId: "1", carrierFacilityId: "HUB" } }
        )
      )
    ).not.toThrow()
  })

  it("standard-label solutions need the client ids; an unknown solution is named", () => {
    expect(
      problems(
        withService(
          { ...crossBorder, deliverySolution: "PICKUP_STANDARDLABEL" },
          { shipper: { shipperId: "1", carrierFacilityId: "HUB" } }
        )
      )
    ).toEqual([
      'shipper.clientId: CLIENT_ID is required with PICKUP_STANDARDLABEL (services[0] "xb") [shipment-options.cross-border.standard-label-client-ids]',
      'shipper.clientFacilityId: CLIENT_FACILITY_ID is required with PICKUP_STANDARDLABEL (services[0] "xb") [shipment-options.cross-border.standard-label-client-ids]',
    ])
    expect(
      problems(withService({ ...crossBorder, deliverySolution: "TELEPORT" }))
    ).toEqual([
      expect.stringMatching(
        /^services\[0\]\.deliverySolution: "TELEPORT" is not a delivery solution.*\[shipment-options\.DELIVERY_SOLUTION\.origin\]$/
      ),
    ])
  })

  it("a drop-off to hub is refused: the plugin has no first-mile tracking number to send", () => {
    expect(
      problems(
        withService(
          { ...crossBorder, deliverySolution: "DROPOFF_CLIENTLABEL" },
          { shipper: { shipperId: "1", carrierFacilityId: "HUB" } }
        )
      )
    ).toEqual([
      expect.stringMatching(
        /^services\[0\]\.deliverySolution: .*\[domestic-shipment-details\.cross-border\.hub-drop-off\]$/
      ),
    ])
  })

  it("the origin's allowed classes and solutions (options.origin)", () => {
    const origin = {
      name: "Desk Lead",
      addressLines: ["1 High St"],
      cityTown: "Leeds",
      postalCode: "LS1 1AA",
      countryCode: "GB",
    }
    const shipper = { shipperId: "1", carrierFacilityId: "HUB" }
    expect(
      problems(
        withService(
          {
            ...crossBorder,
            serviceId: "XBXPE",
            deliverySolution: "DROPOFF_GENERICLABEL",
          },
          { origin, shipper }
        )
      )
    ).toEqual([
      "services[0].serviceId: from GB the classes are XBXPS [rates.serviceId.cross-border-origin]",
    ])
    expect(
      problems(
        withService(
          { ...crossBorder, deliverySolution: "DROPOFF_FINALMILELABEL" },
          { origin, shipper }
        )
      )
    ).toEqual([
      "services[0].deliverySolution: DROPOFF_FINALMILELABEL is offered from CA only [shipment-options.DELIVERY_SOLUTION.origin]",
    ])
    expect(
      problems(
        withService(
          {
            id: "nda",
            name: "NDA",
            variant: "carrier-account",
            serviceId: "NDA",
          },
          { origin }
        )
      )
    ).toEqual([
      expect.stringMatching(
        /^origin\.countryCode: origin must be one of US, CA .*\[address\.carrier-account\.origin\]$/
      ),
    ])
  })

  it("label document rules name the label option", () => {
    expect(
      problems(
        withService({
          ...valid().services[0],
          label: { fileFormat: "ZPL2", contentType: "URL" },
        })
      )
    ).toEqual([
      "services[0].label.contentType: ZPL2 labels are delivered as BASE64 [documents.expedited.base64-formats]",
    ])
    expect(
      problems(
        withService({
          ...valid().services[0],
          label: { type: "QR_CODE", fileFormat: "PDF" },
        })
      )
    ).toEqual([
      "services[0].label.fileFormat: a QR code is GIF [documents.QR_CODE.shape]",
    ])
    expect(
      problems(
        withService({
          ...valid().services[0],
          parcelType: "FLAT",
          addToManifest: true,
          label: { size: "DOC_8X11" },
        })
      )
    ).toEqual([
      "services[0].label.size: must be DOC_4X6 for FLAT parcels [documents.expedited.letter-flat-4x6]",
      "services[0].addToManifest: FLAT parcels cannot be added to a manifest [shipment-options.ADD_TO_MANIFEST.letters-flats]",
    ])
  })

  it("special services: trackability, parameters, and NOTIFICATIONS only on standard delivery", () => {
    expect(
      problems(withService({ ...valid().services[0], serviceId: "PM" }))
    ).toEqual([
      "services[0].specialServices: PM is not trackable by itself: add DelCon [special-services.non-trackable-service]",
    ])
    const notify = {
      specialServiceId: "NOTIFICATIONS",
      inputParameters: [
        { name: "RECIPIENT_NOTIFICATION_TYPE", value: "ON_DELIVER" },
        { name: "RECIPIENT_NOTIFICATION_EMAIL", value: "a@b.co" },
      ],
    }
    expect(
      problems(
        withService({ ...valid().services[0], specialServices: [notify] })
      )
    ).toEqual([
      expect.stringMatching(
        /^services\[0\]\.specialServices\[0\]\.specialServiceId: NOTIFICATIONS is a standard delivery special service.*\[special-services\.NOTIFICATIONS\.standard-only\]$/
      ),
    ])
    expect(
      problems(
        withService({
          ...valid().services[0],
          specialServices: [{ specialServiceId: "hazmat" }],
        })
      )
    ).toEqual([
      "services[0].specialServices[0].inputParameters: hazmat needs input parameter HAZMAT_TYPE [special-services.hazmat.HAZMAT_TYPE]",
    ])
  })

  it("standard delivery: facility ids, CLIENT_ID for a return option, parcel type PKG", () => {
    const standard = {
      id: "std",
      name: "Standard",
      variant: "standard",
      serviceId: "PRCLSEL",
    }
    const facilities = {
      shipperId: "1",
      clientFacilityId: "0093",
      carrierFacilityId: "1585",
    }
    expect(() =>
      parsePluginOptions(withService(standard, { shipper: facilities }))
    ).not.toThrow()
    expect(
      problems(
        withService({ ...standard, isReturn: true }, { shipper: facilities })
      )
    ).toEqual([
      'shipper.clientId: CLIENT_ID is required for standard returns (services[0] "std") [shipment-options.standard.return-client-id]',
    ])
    expect(
      problems(
        withService(
          { ...standard, parcelType: "FLAT" },
          { shipper: facilities }
        )
      )
    ).toEqual(["services[0].parcelType: must be PKG [rates.parcelType.pkg]"])
  })

  it("Asia-Pacific standard delivery is refused: no option gives its regional carrier", () => {
    const shipper = {
      shipperId: "1",
      clientFacilityId: "0093",
      carrierFacilityId: "1585",
    }
    expect(
      problems(
        withService(
          {
            id: "std",
            name: "Standard",
            variant: "standard",
            serviceId: "PRCLSEL",
            apac: true,
          },
          { shipper }
        )
      )
    ).toEqual([
      expect.stringMatching(
        /^services\[0\]\.apac: the regional carrier is required .*\[query\.carrier\.apac\]$/
      ),
    ])
  })

  it("warns (and boots) where the documents allow what will not happen: PRINT_CUSTOM_MESSAGE_1 on standard delivery", () => {
    const shipper = {
      shipperId: "1",
      clientFacilityId: "0093",
      carrierFacilityId: "1585",
    }
    const standard = {
      id: "std",
      name: "Standard",
      variant: "standard",
      serviceId: "PRCLSEL",
      shipmentOptions: [{ name: "PRINT_CUSTOM_MESSAGE_1", value: "Thanks" }],
    }
    const { warnings } = checkPluginOptions(withService(standard, { shipper }))
    expect(warnings).toEqual([
      {
        path: "services[0].shipmentOptions[0].value",
        message: expect.stringMatching(
          /does not print PRINT_CUSTOM_MESSAGE_1.*\[shipment-options\.standard\.custom-message-1-not-printed\]$/
        ),
      },
    ])
    expect(checkPluginOptions(valid()).warnings).toEqual([])
  })

  it("the webhook name follows the configuration's own rule (doc 1, at most 50)", () => {
    expect(problems({ ...valid(), webhook: { name: "x".repeat(51) } })).toEqual(
      ["webhook.name: has at most 50 characters"]
    )
    expect(
      parsePluginOptions({
        ...valid(),
        webhook: { name: ` ${"x".repeat(50)} ` },
      }).webhook.name
    ).toBe("x".repeat(50))
  })
})
