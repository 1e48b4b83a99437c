import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { spawnSync } from "node:child_process"
import path from "node:path"
import { appPluginOptions } from "../../dev/app-options"

jest.setTimeout(120_000)

const root = path.resolve(__dirname, "../..")

/** Boots the app (modules, loaders, plugin) in a child process and runs a no-op script. */
function bootWith(options: unknown, databaseUrl: string) {
  const result = spawnSync(process.execPath, [require.resolve("@medusajs/cli/cli.js"), "exec", "./integration-tests/fixtures/noop-script.ts"], {
    cwd: root,
    encoding: "utf8",
    timeout: 90_000,
    env: {
      ...process.env,
      NODE_OPTIONS: "",
      DATABASE_URL: databaseUrl,
      SHIPPING_SERVICES_OPTIONS: JSON.stringify(options),
      LOG_LEVEL: "error",
    },
  })
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` }
}

medusaIntegrationTestRunner({
  testSuite: ({ dbConfig }) => {
    describe("options are checked when the app boots", () => {
      it("boots with valid options", () => {
        const { status, output } = bootWith(appPluginOptions({}), dbConfig.clientUrl)
        expect(output).toContain("BOOTED")
        expect(status).toBe(0)
      })

      it("stops boot with one message that names every bad field, without secrets", () => {
        const bad = {
          ...appPluginOptions({}),
          credentials: { apiKey: "", apiSecret: "do-not-print-me" },
          roots: { baseUrl: "not a url" },
          services: [{ id: "x", name: "x", variant: "standard", serviceId: "PM" }],
          http: { concurrency: 0 },
        }
        const { status, output } = bootWith(bad, dbConfig.clientUrl)
        expect(status).not.toBe(0)
        expect(output).not.toContain("BOOTED")
        expect(output).toContain("medusa-plugin-shipping-services: invalid options (4 problems):")
        expect(output).toContain("- credentials.apiKey: must not be empty")
        expect(output).toContain("- roots.baseUrl: must be an http(s) URL")
        expect(output).toContain("- services[0].serviceId: must be one of PRCLSEL for variant standard")
        expect(output).toContain("- http.concurrency: ")
        expect(output).not.toContain("do-not-print-me")
      })
    })
  },
})
