import { spawn, type ChildProcess } from "node:child_process"
import path from "node:path"
import { PDFDocument } from "pdf-lib"
import { appPluginOptions } from "../../dev/app-options"
import {
  databaseFromTemplate,
  databaseUrl,
  dropDatabase,
  freshDatabase,
  sql,
} from "../../dev/database"
import { runMedusa } from "../../dev/medusa-cli"
import { fetchApi } from "../../dev/seed/api"
import { ADDRESSES, placeOrder, setupStore } from "../../dev/seed/store"
import { waitFor } from "../../dev/wait"
import { freePort } from "../global-setup"
import { sandbox } from "../helpers/sandbox"

jest.setTimeout(600_000)

const root = path.resolve(__dirname, "../..")
const DB = `medusa_shipping_services_batch_restart_${process.pid}`

/**
 * A batch survives its process being killed (SIGKILL, no shutdown hook) in the middle of buying:
 * process A is stopped by the plugin's crash point right after the service answered the first
 * create (the label exists at the service, nothing of it is stored); process B, started on the
 * same database, takes the batch up through its resume job once A's leases ran out, settles the
 * interrupted purchases with the retry operation and finishes: every order labelled once, no
 * label bought twice, the PDF made.
 */
describe("a print batch across a kill and a restart", () => {
  const running: ChildProcess[] = []
  afterAll(async () => {
    for (const c of running) if (c.exitCode === null) c.kill("SIGKILL")
    await dropDatabase(DB).catch(() => undefined)
  })

  async function startApp(
    port: number,
    env: NodeJS.ProcessEnv
  ): Promise<{ child: ChildProcess; exited: Promise<number | null> }> {
    const child = spawn(
      path.join(root, "node_modules/.bin/ts-node"),
      ["--swc", "integration-tests/fixtures/app-process.ts"],
      { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] }
    )
    running.push(child)
    let out = ""
    child.stdout!.on("data", (d) => (out += d))
    child.stderr!.on("data", (d) => (out += d))
    const exited = new Promise<number | null>((resolve) =>
      child.on("exit", (code, signal) => resolve(signal ? -1 : code))
    )
    await waitFor(
      async () => {
        if (child.exitCode !== null || child.signalCode)
          throw new Error(
            `the app exited before it listened:\n${out.slice(-2000)}`
          )
        return out.includes(`listening on ${port}`)
      },
      "the app to listen",
      120_000,
      200
    )
    return { child, exited }
  }

  it("is taken up after the restart and buys every label exactly once", async () => {
    const port = await freePort()
    const base = {
      ...process.env,
      DATABASE_URL: databaseUrl(DB),
      PORT: String(port),
      LOG_LEVEL: "error",
      MEDUSA_ADMIN_DISABLE: "true",
      MEDUSA_DISABLE_TELEMETRY: "true",
    }
    const env: NodeJS.ProcessEnv = {
      ...base,
      SHIPPING_SERVICES_OPTIONS: JSON.stringify({
        ...appPluginOptions(base),
        autoFulfill: { enabled: false },
        // Leases of 5 s, and the recovery jobs every 2 s instead of every minute: the resume job
        // takes the batch up within seconds, and the recovery job then runs while the batch
        // settles the purchase A left pending, in the same process (with two runs at once, 3 of
        // 8 printed 7-9 pages for 6 before settles became single-flight per process).
        recovery: { leaseSeconds: 5, schedule: "*/2 * * * * *" },
      }),
    }
    // The group's migrated template when there is one (db:migrate would only run the migration
    // scripts, whose webhook registration the app does at start anyway).
    const template = process.env.HTTP_TEST_DB_TEMPLATE
    if (template) await databaseFromTemplate(DB, template)
    else {
      await freshDatabase(DB)
      await runMedusa(["db:migrate"], env)
    }
    await runMedusa(
      ["user", "-e", "restart@example.com", "-p", "supersecret"],
      env
    )

    const a = await startApp(port, {
      ...env,
      SHIPPING_SERVICES_CRASH_AT: "after-answer",
    })
    const api = fetchApi(`http://localhost:${port}`)
    const { data: login } = await api.post("/auth/user/emailpass", {
      email: "restart@example.com",
      password: "supersecret",
    })
    const admin = { headers: { authorization: `Bearer ${login.token}` } }
    const store = await setupStore(api, admin)
    const orders = []
    for (let i = 0; i < 3; i++) {
      orders.push(
        await placeOrder(api, store, {
          region: "us",
          address: ADDRESSES.newYork,
          optionId: "postal-ground",
          items: [{ variantId: store.products[i % 2].variantId, quantity: 1 }],
          email: `s${i}@example.com`,
        })
      )
    }
    await waitFor(
      async () =>
        Number(
          (
            await sql(
              DB,
              `select count(*) as n from shipping_services_auto_fulfillment where status = 'manual'`
            )
          )[0].n
        ) === 3,
      "three orders waiting"
    )

    const before = (await sandbox.get("/stats")).labelsCreated
    const { data } = await api.post(
      "/admin/shipping-services/batches",
      { order_ids: orders.map((o) => o.id) },
      admin
    )
    const batchId = data.batch.id as string
    expect(await a.exited).toBe(-1) // killed by the crash point after the first answer
    const [left] = await sql(
      DB,
      `select status, lease_owner from shipping_services_batch where id = $1`,
      [batchId]
    )
    expect(left.status).toBe("buying")
    expect(left.lease_owner).toBeTruthy()
    const made = (await sandbox.get("/stats")).labelsCreated - before
    expect(made).toBeGreaterThanOrEqual(1)

    // A print run killed after storing its files and before the batch named them leaves pages
    // of the next version behind: the run after the restart must replace them, not add to them.
    await sql(
      DB,
      `insert into shipping_services_document (id, kind, owner_id, page, version, mime_type, format, content, size)
       values ('ssdoc_leftover', 'print', $1, 0, 1, 'application/pdf', 'PDF', $2, 8)`,
      [batchId, Buffer.from("leftover")]
    )

    await startApp(port, env)
    const done = await waitFor(
      async () => {
        const [row] = await sql(
          DB,
          `select status from shipping_services_batch where id = $1`,
          [batchId]
        )
        return row.status === "done" ? row : undefined
      },
      "the batch to be taken up and finished after the restart",
      150_000,
      500
    )
    expect(done.status).toBe("done")

    const { data: view } = await api.get(
      `/admin/shipping-services/batches/${batchId}`,
      admin
    )
    expect(view.batch.counts).toMatchObject({ total: 3, done: 3, failed: 0 })
    // Every order labelled once: the labels A had asked for were found by the retry operation, not bought again.
    expect((await sandbox.get("/stats")).labelsCreated - before).toBe(3)
    const [{ labels, distinct }] = await sql(
      DB,
      `select count(*) as labels, count(distinct order_id) as distinct from shipping_services_shipment where status = 'created'`
    )
    expect(Number(labels)).toBe(3)
    expect(Number(distinct)).toBe(3)
    const file = await fetch(
      `http://localhost:${port}${view.batch.files[0].download_url}`,
      { headers: admin.headers }
    )
    expect(file.status).toBe(200)
    expect(
      (
        await PDFDocument.load(Buffer.from(await file.arrayBuffer()))
      ).getPageCount()
    ).toBe(6)
    const pages = await sql(
      DB,
      `select id, version from shipping_services_document where kind = 'print' and owner_id = $1 and deleted_at is null`,
      [batchId]
    )
    expect(pages.map((p) => p.id)).not.toContain("ssdoc_leftover")
    expect(pages).toHaveLength(view.batch.files.length)
    expect(pages.every((p) => Number(p.version) === 1)).toBe(true)
  })
})
