import { httpTestRunner } from "../helpers/runner"
import { spawn } from "node:child_process"
import path from "node:path"
import { sandbox } from "../helpers/sandbox"
import { sandboxClient } from "../helpers/webhooks"

jest.setTimeout(600_000)

const root = path.resolve(__dirname, "../..")

/** A second, separate server process on the same database, registering at start. */
function instance(
  databaseUrl: string
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        require.resolve("@medusajs/cli/cli.js"),
        "exec",
        "./integration-tests/fixtures/register-webhooks.ts",
      ],
      {
        cwd: root,
        env: {
          ...process.env,
          NODE_OPTIONS: "",
          DATABASE_URL: databaseUrl,
          LOG_LEVEL: "error",
        },
      }
    )
    let output = ""
    child.stdout.on("data", (d) => (output += d))
    child.stderr.on("data", (d) => (output += d))
    child.on("exit", (code) => resolve({ code, output }))
  })
}

httpTestRunner({
  testSuite: ({ dbConfig }) => {
    it("two server processes starting at once register one tracking webhook (locks shared through PostgreSQL)", async () => {
      // Let this test app's own start-up registration finish first.
      await (
        await import("../../src/orchestration/start-up/boot")
      ).lastBootReconcile()
      const client = sandboxClient()
      const url = `${process.env.SHIPPING_SERVICES_PUBLIC_URL}/hooks/shipping-services/tracking`
      for (const c of await client.listWebhookConfigs()) {
        if (c.url === url) await client.deleteWebhookConfig(c.webHookConfigID!)
      }
      // The app of this test registered at its own start: forget that row so both instances start clean.
      const { Client } = await import("pg")
      const pg = new Client({ connectionString: dbConfig.clientUrl })
      await pg.connect()
      await pg.query("delete from shipping_services_webhook_registration")
      await pg.end()

      // A slow service widens the window between "list: none of ours" and "create", so that two
      // instances that were not serialised would race. Checked: with Medusa's in-memory locking
      // instead of locking-postgres this test fails (both report ok; 0 configurations are left).
      await sandbox.put("/latency", {
        operation: "listWebhookConfigs",
        ms: 4_000,
      })
      await sandbox.put("/latency", {
        operation: "createWebhookConfig",
        ms: 2_000,
      })
      await sandbox.post("/stats/reset")
      let runs: { code: number | null; output: string }[]
      try {
        runs = await Promise.all([
          instance(dbConfig.clientUrl),
          instance(dbConfig.clientUrl),
        ])
      } finally {
        await sandbox.put("/latency", {
          operation: "listWebhookConfigs",
          ms: 0,
        })
        await sandbox.put("/latency", {
          operation: "createWebhookConfig",
          ms: 0,
        })
      }
      const outcomes = runs.map(
        (r) => r.output.match(/OUTCOME .*/)?.[0] ?? r.output.slice(-1500)
      )
      expect(outcomes.every((o) => o.startsWith("OUTCOME"))).toBe(true)
      const ours = (await client.listWebhookConfigs()).filter(
        (c) => c.url === url
      )
      expect({ configs: ours.length, outcomes }).toEqual({
        configs: 1,
        outcomes: [
          expect.stringContaining('"ok":true'),
          expect.stringContaining('"ok":true'),
        ],
      })
      expect(ours[0].status).toBe("active")
      const { requests } = await sandbox.get("/stats")
      expect(requests.createWebhookConfig).toBe(1)
    })
  },
})
