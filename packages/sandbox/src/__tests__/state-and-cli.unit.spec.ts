import { spawn } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { call, create, sandbox, tokenFor, webhookBody } from "./helpers"

describe("state file", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "sandbox-state-"))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it("survives a restart: shipments, configurations, tokens, ids and the clock continue", async () => {
    const statePath = path.join(dir, "state.json")
    const first = await sandbox({ statePath })
    const token = await tokenFor(first)
    const s = (await create(first, token, "expedited")).body
    const cfg = (
      await call(first, token, "POST", "/api/v1/webhookConfig", {
        body: webhookBody("http://127.0.0.1:1/x"),
      })
    ).body
    first.control.advance({ seconds: 5 * 3600 })
    await first.close()

    const second = await sandbox({ statePath })
    try {
      expect(
        (
          await call(
            second,
            token,
            "GET",
            `/api/v1/webhookConfig/${cfg.webHookConfigID}`
          )
        ).status
      ).toBe(200)
      const tracked = await call(
        second,
        token,
        "GET",
        `/v1/tracking/${s.parcelTrackingNumber}?packageIdentifierType=TrackingNumber`
      )
      expect(tracked.body.status).toBe("Acceptance")
      const next = (await create(second, token, "expedited")).body
      expect(next.parcelTrackingNumber).not.toBe(s.parcelTrackingNumber)
      expect(second.control.clock().nowMs).toBe(
        Date.parse("2026-03-02T20:00:00Z")
      )
    } finally {
      await second.close()
    }
  })
})

describe("cli", () => {
  it("starts from the package's bin/cli.js, prints its roots and credentials, and stops on SIGINT", async () => {
    const root = path.resolve(__dirname, "../..")
    const child = spawn(
      process.execPath,
      [path.join(root, "bin/cli.js"), "--port", "0", "--speed", "0"],
      { cwd: root, stdio: ["ignore", "pipe", "pipe"] }
    )
    let out = ""
    child.stdout.on("data", (c) => (out += c))
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no banner: ${out}`)),
        30_000
      )
      child.stdout.on("data", () => {
        const m = /listening on (http:\/\/\S+)/.exec(out)
        if (m && out.includes("apiSecret")) {
          clearTimeout(timer)
          resolve(m[1]!)
        }
      })
    })
    expect(out).toContain("sandbox-key")
    expect(out).toContain(`${url}/apac`)
    expect((await fetch(`${url}/_sandbox/clock`)).status).toBe(200)
    const code = await new Promise<number | null>((resolve) => {
      child.once("exit", resolve)
      child.kill("SIGINT")
    })
    expect(code).toBe(0)
  }, 40_000)
})
