import { httpTestRunner } from "../helpers/runner"
import { spawnSync } from "node:child_process"
import path from "node:path"
import { appPluginOptions } from "../../dev/app-options"

jest.setTimeout(600_000)

const root = path.resolve(__dirname, "../..")

/** Boots the app (modules, loaders, plugin) in a child process and runs a no-op script. */
function bootWith(
  options: unknown,
  databaseUrl: string,
  logLevel = "error",
  env: Record<string, string> = {}
) {
  const result = spawnSync(
    process.execPath,
    [
      require.resolve("@medusajs/cli/cli.js"),
      "exec",
      "./integration-tests/fixtures/noop-script.ts",
    ],
    {
      cwd: root,
      encoding: "utf8",
      timeout: 90_000,
      env: {
        ...process.env,
        NODE_OPTIONS: "",
        DATABASE_URL: databaseUrl,
        SHIPPING_SERVICES_OPTIONS: JSON.stringify(options),
        LOG_LEVEL: logLevel,
        ...env,
      },
    }
  )
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` }
}

httpTestRunner({
  testSuite: ({ dbConfig }) => {
    describe("options are checked when the app boots", () => {
      it("boots with valid options", () => {
        const { status, output } = bootWith(
          appPluginOptions({}),
          dbConfig.clientUrl
        )
        expect(output).toContain("BOOTED")
        expect(status).toBe(0)
      })

      it("stops boot with one message that names every bad field, without secrets", () => {
        const bad = {
          ...appPluginOptions({}),
          credentials: { apiKey: "", apiSecret: "do-not-print-me" },
          roots: { baseUrl: "not a url" },
          services: [
            { id: "x", name: "x", variant: "standard", serviceId: "PM" },
            {
              id: "y",
              name: "y",
              variant: "expedited",
              serviceId: "UGA",
              rateShopping: { among: ["PS", "NDA"] },
            },
          ],
          http: { concurrency: 0 },
        }
        const { status, output } = bootWith(bad, dbConfig.clientUrl)
        expect(status).not.toBe(0)
        expect(output).not.toContain("BOOTED")
        expect(output).toContain(
          "medusa-plugin-shipping-services: invalid options (5 problems):"
        )
        expect(output).toContain("- credentials.apiKey: must not be empty")
        expect(output).toContain("- roots.baseUrl: must be an http(s) URL")
        expect(output).toContain(
          '- services[0].serviceId: "PM" is not a standard service; expected one of PRCLSEL [rates.serviceId.known]'
        )
        expect(output).toContain(
          '- services[1].rateShopping.among[1]: "NDA" is a carrier-account service, not expedited'
        )
        expect(output).toContain("- http.concurrency: ")
        expect(output).not.toContain("do-not-print-me")
      })

      it("stops boot on unknown keys (nearest known key named) and on options that break the documents' rules", () => {
        const options = appPluginOptions({})
        const { webhook, ...rest } = options
        const bad = {
          ...rest,
          webhooks: webhook, // a misspelt section would otherwise be dropped silently
          bogus: 1,
          shipper: { ...options.shipper, carrierFacilityId: undefined },
          services: options.services.map((s) =>
            s.variant === "cross-border"
              ? { ...s, deliverySolution: undefined }
              : s
          ),
        }
        const { status, output } = bootWith(bad, dbConfig.clientUrl)
        expect(status).not.toBe(0)
        expect(output).not.toContain("BOOTED")
        expect(output).toContain(
          "medusa-plugin-shipping-services: invalid options (4 problems):"
        )
        expect(output).toContain(
          "- webhooks: unknown option; did you mean webhook?"
        )
        expect(output).toContain("- bogus: unknown option")
        expect(output).toContain(
          "- services[3].deliverySolution: DELIVERY_SOLUTION is required [shipment-options.DELIVERY_SOLUTION.required]"
        )
        expect(output).toContain(
          '- shipper.carrierFacilityId: CARRIER_FACILITY_ID is required for standard delivery (services[2] "standard") [shipment-options.standard.facilities]'
        )
      })

      it("boots with a warning when an option is allowed but will not do what it seems to ask", () => {
        const options = appPluginOptions({})
        const services = options.services.map((s) =>
          s.variant === "standard"
            ? {
                ...s,
                shipmentOptions: [
                  { name: "PRINT_CUSTOM_MESSAGE_1", value: "Thank you" },
                ],
              }
            : s
        )
        const { status, output } = bootWith(
          { ...options, services },
          dbConfig.clientUrl,
          "warn"
        )
        expect(output).toContain("BOOTED")
        expect(status).toBe(0)
        expect(output).toMatch(
          /medusa-plugin-shipping-services: services\[2\]\.shipmentOptions\[0\]\.value: standard delivery does not print PRINT_CUSTOM_MESSAGE_1.*\[shipment-options\.standard\.custom-message-1-not-printed\]/
        )
      })
    })

    describe('documents.storage "file" is checked against the app\'s File Module', () => {
      const withFiles = {
        ...appPluginOptions({}),
        documents: { storage: "file" },
      }

      it("stops boot with Medusa's default provider (file-local serves private files at /static), naming why", () => {
        const { status, output } = bootWith(withFiles, dbConfig.clientUrl)
        expect(status).not.toBe(0)
        expect(output).not.toContain("BOOTED")
        expect(output).toContain(
          'medusa-plugin-shipping-services: documents.storage "file" is refused: @medusajs/medusa/file-local writes private files into'
        )
        expect(output).toContain(
          "which Medusa serves at /static to anyone who has the file's URL (labels carry names and addresses)"
        )
      })

      it("boots with file-s3 (private uploads, presigned downloads), and with the default storage on file-local", () => {
        const s3 = bootWith(withFiles, dbConfig.clientUrl, "error", {
          // Not reached at boot: file-s3 connects on the first upload.
          DEV_FILE_S3_ENDPOINT: "http://127.0.0.1:9",
        })
        expect(s3.output).toContain("BOOTED")
        expect(s3.status).toBe(0)
        const database = bootWith(
          { ...appPluginOptions({}), documents: { storage: "database" } },
          dbConfig.clientUrl
        )
        expect(database.output).toContain("BOOTED")
        expect(database.status).toBe(0)
      })
    })
  },
})
