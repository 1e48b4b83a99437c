import { spawn } from "node:child_process"
import { readFileSync } from "node:fs"
import path from "node:path"
import {
  parseSandboxHeader,
  SANDBOX_HEADER,
} from "../../../../src/shipping-api/sandbox-identity"
import { parseEnvArgs } from "../cli-args"
import { pluginDotenv } from "../dotenv"
import { DEFAULT_ACCOUNT } from "../options"
import { clientFor, sandbox, START } from "./helpers"

describe("the sandbox says it is the sandbox, with its clock, on every answer", () => {
  it("on service routes (any status), the token, files, the control API and unknown paths", async () => {
    const sb = await sandbox()
    try {
      const urls: [string, RequestInit?][] = [
        [`${sb.url}/oauth/token`, { method: "POST" }],
        [`${sb.url}/api/v1/events`],
        [`${sb.url}/v1/tracking/nope?packageIdentifierType=TrackingNumber`],
        [`${sb.url}/labels/missing.pdf`],
        [`${sb.url}/_sandbox/clock`],
        [`${sb.url}/no/such/path`],
      ]
      for (const [url, init] of urls) {
        const res = await fetch(url, init)
        await res.arrayBuffer()
        expect([
          url,
          parseSandboxHeader(res.headers.get(SANDBOX_HEADER)),
        ]).toEqual([url, { clockMs: Date.parse(START), speed: 0 }])
      }
      // Advanced by the control API: the next answer carries the new time.
      await sb.control.advance({ seconds: 3 * 86_400 })
      const res = await fetch(`${sb.url}/api/v1/events`)
      expect(parseSandboxHeader(res.headers.get(SANDBOX_HEADER))?.clockMs).toBe(
        Date.parse(START) + 3 * 86_400_000
      )
    } finally {
      await sb.close()
    }
  })

  it("the plugin's client reads it: the sandbox's clock, carried at its speed", async () => {
    const sb = await sandbox({ speed: 3600 })
    try {
      const client = clientFor(sb)
      expect(client.serviceIdentity().kind).toBe("unknown")
      await client.listApplicableEvents()
      const identity = client.serviceIdentity()
      expect(identity).toMatchObject({ kind: "sandbox", speed: 3600 })
      // An hour passes every second: the carried clock is ahead of ours by what ran since START.
      expect(client.sandboxNow()!.getTime()).toBeGreaterThanOrEqual(
        Date.parse(START)
      )
    } finally {
      await sb.close()
    }
  })
})

describe("the .env it prints (shipping-services-sandbox env)", () => {
  it("has every variable README's medusa-config.ts block reads", () => {
    const env = pluginDotenv({
      baseUrl: "http://127.0.0.1:4010",
      account: DEFAULT_ACCOUNT,
    })
    const vars = Object.fromEntries(
      env
        .split("\n")
        .filter((l) => l && !l.startsWith("#"))
        .map((l) => l.split(/=(.*)/s, 2))
    )
    expect(vars).toEqual({
      SHIPPING_API_KEY: "sandbox-key",
      SHIPPING_API_SECRET: "sandbox-secret",
      SHIPPING_BASE_URL: "http://127.0.0.1:4010",
      SHIPPING_SHIPPER_ID: "9024324",
      SHIPPING_CARRIER_FACILITY_ID: "1585",
      SHIPPING_WEBHOOK_PUBLIC_URL: "http://localhost:9000",
    })
    // README's block reads exactly these (README is the merchant's truth).
    const readme = readFileSync(
      path.resolve(__dirname, "../../../../README.md"),
      "utf8"
    )
    for (const name of Object.keys(vars))
      expect([name, readme.includes(`process.env.${name}`)]).toEqual([
        name,
        true,
      ])
  })

  it("takes the sandbox's own flags and the store's URL", () => {
    expect(
      parseEnvArgs(["--port", "4500", "--store-url", "http://localhost:9100"])
    ).toEqual({ options: { port: 4500 }, storeUrl: "http://localhost:9100" })
    expect(() => parseEnvArgs(["--store-url"])).toThrow(/needs a value/)
  })

  it("is printed by `shipping-services-sandbox env`, without starting a server", async () => {
    const root = path.resolve(__dirname, "../..")
    const child = spawn(
      process.execPath,
      [
        path.join(root, "bin/cli.js"),
        "env",
        "--port",
        "4567",
        "--api-key",
        "k2",
      ],
      { cwd: root, stdio: ["ignore", "pipe", "pipe"] }
    )
    let out = ""
    child.stdout.on("data", (c) => (out += c))
    const code = await new Promise<number | null>((r) => child.once("exit", r))
    expect(code).toBe(0)
    expect(out).toContain("SHIPPING_BASE_URL=http://127.0.0.1:4567\n")
    expect(out).toContain("SHIPPING_API_KEY=k2\n")
  }, 30_000)
})
