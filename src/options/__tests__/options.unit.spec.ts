import { appPluginOptions } from "../../../dev/app-options"
import {
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
  services: [{ id: "std", name: "Standard", variant: "standard", serviceId: "PRCLSEL" }],
})

function problems(raw: unknown): string[] {
  try {
    parsePluginOptions(raw)
  } catch (e) {
    expect(e).toBeInstanceOf(InvalidOptionsError)
    return (e as InvalidOptionsError).problems.map((p) => `${p.path}: ${p.message}`)
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
    expect(o.services[0].label).toEqual({ type: "SHIPPING_LABEL", fileFormat: "PDF", contentType: "BASE64" })
    expect(o.webhook.headerName).toBe("X-Shipping-Services-Key")
  })

  it("names every bad field in one error, with the rule", () => {
    const raw = {
      credentials: { apiKey: "" },
      roots: { baseUrl: "ftp://nowhere" },
      shipper: {},
      services: [{ id: "Bad Id", name: "x", variant: "standard", serviceId: "PM", label: { size: "DOC_9X9" } }],
      http: { concurrency: 0 },
    }
    expect(problems(raw)).toEqual([
      "credentials.apiKey: must not be empty",
      "credentials.apiSecret: is required",
      "roots.baseUrl: must be an http(s) URL",
      "shipper.shipperId: is required",
      "services[0].id: must be lower-case letters, digits and hyphens (max 49)",
      expect.stringContaining("services[0].label.size: "),
      "services[0].serviceId: must be one of PRCLSEL for variant standard",
      expect.stringContaining("http.concurrency: "),
    ])
  })

  it("rejects duplicate service ids and an empty service list", () => {
    const twice = { ...valid(), services: [valid().services[0], valid().services[0]] }
    expect(problems(twice)).toEqual(["services: ids must be unique"])
    expect(problems({ ...valid(), services: [] })).toEqual(["services: needs at least one service"])
  })

  it("never echoes a secret value in the error", () => {
    const raw = { ...valid(), credentials: { apiKey: 12345, apiSecret: "very-secret-value" }, roots: {} }
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
    const configModule = { modules: { [SHIPPING_SERVICES_MODULE]: { resolve: "x", options: valid() } } }
    const o = optionsFromConfig(configModule, { http: { concurrency: 2 } })
    expect(o.http.concurrency).toBe(2)
    expect(o.http.timeoutMs).toBe(30000)
    expect(o.shipper.shipperId).toBe("9024324")
    expect(() => optionsFromConfig({ modules: {} })).toThrow(InvalidOptionsError)
  })

  it("merges deeply but replaces arrays", () => {
    expect(mergeOptions({ a: { b: 1, c: [1, 2] } }, { a: { c: [3] } })).toEqual({ a: { b: 1, c: [3] } })
  })

  it("derives the roots of shared/spec/4 from the base url", () => {
    expect(resolveRoots({ baseUrl: "https://api.example.com/shipping" })).toEqual({
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
