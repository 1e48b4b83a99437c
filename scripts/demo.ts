/**
 * `npm run demo`: the whole plugin working, on this machine, offline.
 *  1. a fresh database (medusa_shipping_services_demo), migrated;
 *  2. the sandbox server (the local shipping service) on port 4010;
 *  3. the development app with the plugin (`medusa develop`, admin included) on port 9000;
 *  4. a store set up through the admin API (regions, warehouse, shipping options, products with
 *     customs data), then a domestic, a cross-border, a three-parcel order (three 25 kg
 *     items) and a rate-shopped one (the cheapest postal service on time) placed through the
 *     store API;
 *  5. labels bought automatically (one per parcel); the sandbox's clock advanced until every
 *     parcel is delivered through webhooks;
 *  6. each parcel's label file, tracking number and timeline printed, and what Medusa's own
 *     fulfillments hold; one batch PDF of every order; the shipping spend report's totals (its
 *     page: Shipping spend in the admin); the admin stays up.
 * Run through scripts/with-db-env.sh (PostgreSQL reachable, DB_* set).
 *
 * `npm run demo -- --workers 2` (or DEMO_WORKERS=2) runs step 3 on Medusa's production topology
 * instead (docs/production.md): one server process (HTTP, admin) and N worker processes
 * (subscribers, jobs), sharing Redis (started or installed by scripts/ensure-redis.sh), through
 * dev/cluster.ts; their logs go to .demo/cluster/.
 */
import { spawn, type ChildProcess } from "node:child_process"
import { mkdirSync, writeFileSync } from "node:fs"
import path from "node:path"
import { databaseUrl, freshDatabase, pgConfig } from "../dev/database"
import { runMedusa } from "../dev/medusa-cli"
import { fetchApi } from "../dev/seed/api"
import {
  ADDRESSES,
  placeOrder,
  RATE_SHOPPING_SERVICE,
  setupStore,
} from "../dev/seed/store"
import { appPluginOptions } from "../dev/app-options"
import type { RateChoice } from "../src/lib/rate-shopping/rate-choice"
import { startSandbox, type SandboxHandle } from "../packages/sandbox/src"
import { sandboxControl } from "../dev/sandbox-control"
import { waitFor } from "../dev/wait"
import { printBatchPdf } from "./demo-batch"
import { prepareCluster } from "../dev/cluster"

const root = path.resolve(__dirname, "..")
const port = Number(process.env.PORT ?? 9000)
const sandboxPort = Number(process.env.SANDBOX_PORT ?? 4010)
const dbName = process.env.DEMO_DB_NAME ?? "medusa_shipping_services_demo"
const admin = {
  email: process.env.DEMO_ADMIN_EMAIL ?? "admin@example.com",
  password: process.env.DEMO_ADMIN_PASSWORD ?? "supersecret",
}
const outDir = path.join(root, ".demo")
const backend = `http://localhost:${port}`
const workers = workersOption()

const started = Date.now()
const seconds = () => ((Date.now() - started) / 1000).toFixed(1)
const step = (message: string) =>
  console.log(`[demo +${seconds()}s] ${message}`)

type ShipmentView = {
  id: string
  is_return: boolean
  carrier: string
  service: string
  tracking_number: string | null
  tracking_url: string | null
  status: string
  tracking_status: string | null
  label: { url: string; format: string | null } | null
  parcel: { index: number; count: number }
  service_id: string
  rate_choice: RateChoice | null
  timeline: {
    occurred_at: string | null
    status: string | null
    description: string | null
    location: string | null
  }[]
}

function workersOption(): number {
  const i = process.argv.indexOf("--workers")
  const raw = i === -1 ? process.env.DEMO_WORKERS : process.argv[i + 1]
  if (raw === undefined || raw === "" || raw === "0") return 0
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 1)
    throw new Error("--workers (DEMO_WORKERS) needs a whole number ≥ 1")
  return n
}

type RunningApp = {
  stop: () => Promise<void>
  onExit: (listener: (code: number | null) => void) => void
}

/** `medusa develop` with the admin, in its own process group (it forks a server child that would outlive a plain kill). */
async function startOneProcess(env: NodeJS.ProcessEnv): Promise<RunningApp> {
  await freshDatabase(dbName)
  step("migrating (the plugin registers its tracking webhook with the sandbox)")
  await runMedusa(["db:migrate"], env)
  await runMedusa(["user", "-e", admin.email, "-p", admin.password], env)
  step(`admin user ${admin.email} created`)
  step(`starting Medusa with the plugin on port ${port}`)
  const app: ChildProcess = spawn(
    process.execPath,
    [require.resolve("@medusajs/cli/cli.js"), "develop"],
    {
      cwd: root,
      env: { ...env, LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" },
      detached: true,
      stdio: ["ignore", "inherit", "inherit"],
    }
  )
  return {
    stop: async () => {
      try {
        if (app.pid) process.kill(-app.pid, "SIGTERM")
      } catch {
        // already gone
      }
    },
    onExit: (listener) => app.on("exit", listener),
  }
}

/** One server (admin included) and `workers` worker processes on Redis (dev/cluster.ts). */
async function startCluster(
  sandbox: SandboxHandle,
  env: NodeJS.ProcessEnv
): Promise<RunningApp> {
  step(
    `migrating with Redis modules (the plugin registers its tracking webhook with the sandbox)`
  )
  const cluster = await prepareCluster({
    name: "demo",
    dbName,
    publicPort: port,
    keepDatabase: true,
    admin,
    logDir: path.join(outDir, "cluster"),
    sandbox: {
      url: sandbox.url,
      baseUrl: sandbox.roots.baseUrl,
      control: sandboxControl(sandbox.url),
      stop: () => undefined,
    },
    env: {
      LOG_LEVEL: process.env.LOG_LEVEL ?? "info",
      SHIPPING_SERVICES_OPTIONS_PATCH: env.SHIPPING_SERVICES_OPTIONS_PATCH,
    },
  })
  step(
    `admin user ${admin.email} created; Redis ${cluster.redis.url}, key prefix ${cluster.redis.prefix}`
  )
  step(
    `starting 1 server (port ${port}, admin) and ${workers} worker(s); logs in ${path.relative(process.cwd(), cluster.logDir)}/`
  )
  await Promise.all([
    cluster.start("server", { env: { MEDUSA_ADMIN_DISABLE: "false" } }),
    ...Array.from({ length: workers }, () => cluster.start("worker")),
  ])
  const listeners: ((code: number | null) => void)[] = []
  const watch = setInterval(() => {
    const gone = cluster.processes.find((p) => !p.running)
    if (gone) {
      clearInterval(watch)
      console.error(`[demo] ${gone.name} exited; its log: ${gone.logFile}`)
      listeners.forEach((l) => l(1))
    }
  }, 1000)
  watch.unref()
  return {
    stop: async () => {
      clearInterval(watch)
      await cluster.stop()
    },
    onExit: (listener) => listeners.push(listener),
  }
}

async function main() {
  mkdirSync(path.join(outDir, "labels"), { recursive: true })
  step(`sandbox server on port ${sandboxPort}`)
  const sandbox: SandboxHandle = await startSandbox({
    port: sandboxPort,
    host: "127.0.0.1",
    speed: 0,
  })
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl(dbName),
    PORT: String(port),
    MEDUSA_DISABLE_TELEMETRY: "true",
    NODE_ENV: "development",
    SHIPPING_SERVICES_BASE_URL: sandbox.roots.baseUrl,
    SHIPPING_SERVICES_PUBLIC_URL: backend,
  }
  // The development app's options and one rate-shopping option (docs/rate-shopping.md).
  env.SHIPPING_SERVICES_OPTIONS_PATCH = JSON.stringify({
    services: [...appPluginOptions(env).services, RATE_SHOPPING_SERVICE],
  })

  step(`fresh database ${dbName} on ${pgConfig().host}:${pgConfig().port}`)
  const app = workers
    ? await startCluster(sandbox, env)
    : await startOneProcess(env)
  const stop = async () => {
    await app.stop()
    await sandbox.close().catch(() => undefined)
  }
  process.on("SIGINT", () => void stop().then(() => process.exit(130)))
  process.on("SIGTERM", () => void stop().then(() => process.exit(143)))
  app.onExit((code) => {
    console.error(`[demo] Medusa exited (${code})`)
    void stop().then(() => process.exit(code ?? 1))
  })

  const api = fetchApi(backend)
  await waitFor(
    async () => (await fetch(`${backend}/health`)).ok,
    "the app",
    180_000
  )
  step("app is up")
  const { data: login } = await api.post("/auth/user/emailpass", admin)
  const headers = { headers: { authorization: `Bearer ${login.token}` } }

  step("setting up the store through the admin API")
  const store = await setupStore(api, headers, {
    priceTypes: { [RATE_SHOPPING_SERVICE.id]: "calculated" },
  })
  await waitFor(
    async () => {
      const { data } = await api.get(
        "/admin/shipping-services/webhooks",
        headers
      )
      return JSON.stringify(data).includes('"active"')
    },
    "the webhook registration",
    60_000
  )
  step("webhook registered with the sandbox")

  step(
    "placing a domestic, a cross-border, a three-parcel and a rate-shopped order through the store API"
  )
  const orders = [
    {
      label: "Domestic (New York)",
      order: await placeOrder(api, store, {
        region: "us",
        address: ADDRESSES.newYork,
        optionId: "postal-ground",
        email: "ada@example.com",
        items: [
          { variantId: store.products[0].variantId, quantity: 2 },
          { variantId: store.products[1].variantId, quantity: 1 },
        ],
      }),
    },
    {
      label: "Cross-border (London)",
      order: await placeOrder(api, store, {
        region: "international",
        address: ADDRESSES.london,
        optionId: "cross-border",
        email: "jane@example.com",
        items: [{ variantId: store.products[0].variantId, quantity: 1 }],
      }),
    },
    {
      // 3 × 25 kg: no two fit one postal parcel (70 lb), so the packing rule makes three parcels.
      label: "Three heavy items, three parcels (New York)",
      order: await placeOrder(api, store, {
        region: "us",
        address: ADDRESSES.newYork,
        optionId: "postal-ground",
        email: "grace@example.com",
        items: [
          {
            variantId: store.products.find(
              (p) => p.title === "Cast-Iron Dutch Oven"
            )!.variantId,
            quantity: 3,
          },
        ],
      }),
    },
    {
      // Priced at checkout as the cheapest of PM, UGA and PS (one rates call); bought the same.
      label: "Rate-shopped (New York)",
      order: await placeOrder(api, store, {
        region: "us",
        address: ADDRESSES.newYork,
        optionId: RATE_SHOPPING_SERVICE.id,
        email: "katherine@example.com",
        items: [{ variantId: store.products[1].variantId, quantity: 1 }],
      }),
    },
  ]

  const shipmentsOf = async (orderId: string) =>
    (
      (
        await api.get(
          `/admin/shipping-services/orders/${orderId}/shipments`,
          headers
        )
      ).data.shipments as ShipmentView[]
    ).filter((s) => !s.is_return)

  for (const o of orders) {
    await waitFor(
      async () => {
        const created = (await shipmentsOf(o.order.id)).filter(
          (s) => s.status === "created" && s.tracking_number
        )
        return created.length > 0 && created.length === created[0].parcel.count
      },
      `the labels of order #${o.order.display_id}`,
      180_000
    )
  }
  step("labels bought automatically")

  step(
    "advancing the sandbox's clock until every parcel is delivered (events arrive by webhook)"
  )
  sandbox.control.advance({ until: "done" })
  await sandbox.control.settleWebhooks()
  for (const o of orders) {
    await waitFor(
      async () => {
        const { data } = await api.get(
          `/admin/orders/${o.order.id}?fields=id,fulfillment_status`,
          headers
        )
        return data.order.fulfillment_status === "delivered"
      },
      `order #${o.order.display_id} delivered`,
      60_000
    )
  }
  step("every order delivered")

  console.log("")
  for (const o of orders) {
    const parcels = (await shipmentsOf(o.order.id))
      .filter((s) => s.status === "created")
      .sort((a, b) => a.parcel.index - b.parcel.index)
    const { data: medusa } = await api.get(
      `/admin/orders/${o.order.id}?fields=id,fulfillment_status,*fulfillments,*fulfillments.labels`,
      headers
    )
    const fulfillments = (medusa.order.fulfillments as { labels: unknown[] }[])
      .length
    const labels = (
      medusa.order.fulfillments as { labels: unknown[] }[]
    ).reduce((n, f) => n + f.labels.length, 0)
    console.log(
      `Order #${o.order.display_id} — ${o.label} — ${parcels[0]?.service}`
    )
    console.log(
      `  Medusa: ${medusa.order.fulfillment_status}, ${fulfillments} fulfillment(s) holding ${labels} label(s)`
    )
    for (const s of parcels) {
      const labelPath = await saveLabel(s, headers.headers.authorization)
      if (parcels.length > 1)
        console.log(`  parcel ${s.parcel.index + 1} of ${s.parcel.count}`)
      if (s.rate_choice)
        console.log(`  rate shopping    ${choiceWords(s.rate_choice)}`)
      console.log(`  tracking number  ${s.tracking_number}`)
      console.log(`  tracking page    ${s.tracking_url}`)
      console.log(`  label file       ${labelPath}`)
      console.log(`  status           ${s.tracking_status}`)
      console.log(`  timeline`)
      for (const e of s.timeline) {
        const when = e.occurred_at
          ? new Date(e.occurred_at)
              .toISOString()
              .replace("T", " ")
              .slice(0, 16) + " UTC"
          : "(no date)"
        console.log(
          `    ${when}  ${(e.status ?? "").padEnd(15)} ${e.description ?? ""}${e.location ? ` — ${e.location}` : ""}`
        )
      }
    }
    console.log("")
  }
  // The orders printed as one batch (labels, packing slips, commercial invoice).
  console.log(
    `Print batch PDF of every order: ${await printBatchPdf(
      api,
      backend,
      headers.headers.authorization,
      orders.map((o) => o.order.id),
      outDir
    )}`
  )
  // The shipping spend report over the demo's orders (every order above, rate-shopped ones too).
  const { data: spend } = await api.get(
    "/admin/shipping-services/spend?period=day",
    headers
  )
  for (const t of spend.totals as {
    currency: string | null
    labels: number
    postage: number
    shipping_charged: number
    difference: number
    saving: number
  }[])
    console.log(
      `Shipping spend (${(t.currency ?? "no currency").toUpperCase()}, last 30 days): ${t.labels} label(s), postage ${t.postage.toFixed(2)}, shoppers paid ${t.shipping_charged.toFixed(2)}, difference ${t.difference.toFixed(2)}, rate shopping saved ${t.saving.toFixed(2)}`
    )
  console.log("")
  console.log(
    `Demo ready in ${seconds()} s${workers ? ` (1 server + ${workers} worker processes on Redis)` : ""}.`
  )
  console.log(
    `  Admin:    ${backend}/app   (open an order to see the shipment widget; Ready to ship; Shipping spend; Settings → Shipping services)`
  )
  console.log(`  Login:    ${admin.email} / ${admin.password}`)
  console.log(
    `  Sandbox:  ${sandbox.url}/_sandbox  (control API, docs/sandbox.md)`
  )
  console.log("  Ctrl+C stops everything.")
  if (process.env.DEMO_EXIT_WHEN_READY === "1") {
    await stop()
    process.exit(0)
  }
}

/** "UGA, cheapest of PM 9.97 · UGA 5.81 · PS 8.24, by 2026-12-07 as promised; saved 4.16 usd against PM". */
function choiceWords(c: RateChoice): string {
  const compared = c.compared
    .map((r) => `${r.service_id} ${r.amount ?? "–"}`)
    .join(" · ")
  const saving =
    c.saving !== null && c.chosen_service_id !== c.default_service_id
      ? `; saved ${c.saving} ${c.currency ?? ""} against ${c.default_service_id}`
      : ""
  const promise = c.promised_date ? `, promised by ${c.promised_date}` : ""
  return `${c.chosen_service_id}, ${c.strategy} of ${compared}${promise}${saving}`
}

async function saveLabel(
  s: ShipmentView,
  authorization: string
): Promise<string> {
  if (!s.label?.url) return "(no label)"
  const url = s.label.url.startsWith("http")
    ? s.label.url
    : `${backend}${s.label.url}`
  const res = await fetch(url, { headers: { authorization } })
  if (!res.ok) return `(label download answered ${res.status})`
  const ext =
    (
      { PDF: "pdf", PNG: "png", ZPL2: "zpl", GIF: "gif" } as Record<
        string,
        string
      >
    )[s.label.format ?? ""] ?? "bin"
  const file = path.join(outDir, "labels", `${s.tracking_number}.${ext}`)
  writeFileSync(file, Buffer.from(await res.arrayBuffer()))
  return path.relative(process.cwd(), file)
}

main().catch((e) => {
  console.error(`[demo] ${e instanceof Error ? e.message : e}`)
  process.exit(1)
})
