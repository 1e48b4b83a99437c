import {
  createServer,
  type IncomingMessage,
  type ServerResponse,
} from "node:http"
import type { AddressInfo, Socket } from "node:net"
import {
  formatSandboxHeader,
  SANDBOX_HEADER,
} from "../../../src/shipping-api/sandbox-identity"
import { SandboxClock } from "./clock"
import { SandboxControl } from "./control"
import { FaultPlan } from "./faults"
import { controlRoutes, handleControl } from "./handlers/control-routes"
import { send } from "./http/io"
import { serve } from "./http/pipeline"
import { Router } from "./http/router"
import { IdFactory } from "./ids"
import { resolveOptions, type SandboxOptions } from "./options"
import { ROUTES } from "./routes"
import { seedAccount, seedState } from "./seed"
import { SandboxStats } from "./stats"
import { readStateFile, StateSaver } from "./state/persistence"
import { SandboxStore } from "./state/store"
import { isScenario } from "./tracking/scenarios"
import { TimelineScheduler } from "./tracking/scheduler"
import { WebhookDispatcher } from "./webhooks/dispatcher"
import type { World } from "./world"

/** Doc 4 roots, all on the sandbox's origin (auth is derived from baseUrl's origin by the plugin). */
export type SandboxRoots = {
  baseUrl: string
  authUrl: string
  webhookUrl: string
  contactUrl: string
  apacUrl: string
}

export type SandboxHandle = {
  url: string
  roots: SandboxRoots
  /** The first account's credentials. */
  credentials: { apiKey: string; apiSecret: string }
  control: SandboxControl
  /** Stops listening, drops open connections (hung requests too), saves the state file. */
  close(): Promise<void>
}

export async function startSandbox(
  opts: SandboxOptions = {}
): Promise<SandboxHandle> {
  const options = resolveOptions(opts)
  const store = new SandboxStore()
  const clock = new SandboxClock(options.startTime, options.speed)
  const ids = new IdFactory(options.seed, store.counters)
  const stats = new SandboxStats()
  let origin = options.publicUrl ?? ""
  const world = {
    options,
    store,
    clock,
    ids,
    stats,
    faults: new FaultPlan(),
    origin: () => origin,
    scenario: { default: options.scenario },
    log: options.log ?? ((line: string) => process.stderr.write(`${line}\n`)),
  } as World
  world.saver = new StateSaver(options.statePath, () => control.dumpState())
  world.dispatcher = new WebhookDispatcher({
    store,
    clock,
    ids,
    stats,
    origin: world.origin,
    backoffMs: options.webhookBackoffMs,
    retryAfterCapMs: options.webhookRetryAfterCapMs,
    defaultTimeoutSeconds: options.webhookDefaultTimeoutSeconds,
  })
  world.scheduler = new TimelineScheduler(clock, store.shipments, (due) =>
    world.dispatcher.emit(due)
  )
  const control = new SandboxControl(world)

  const saved = options.statePath ? readStateFile(options.statePath) : undefined
  if (saved) {
    store.load(saved)
    clock.restore(
      saved.clock.nowMs,
      opts.speed ?? saved.clock.speed,
      saved.clock.advancedMs
    )
    if (isScenario(saved.defaultScenario))
      world.scenario.default = saved.defaultScenario
    // Accounts given now (e.g. --api-key) join those of the file.
    for (const a of options.accounts)
      if (!store.accounts.has(a.apiKey)) seedAccount(world, a)
  } else {
    seedState(world)
  }

  const router = new Router(ROUTES)
  const controlTable = controlRoutes(
    () => ({
      roots: rootsOf(origin),
      credentials: { apiKey: options.accounts[0]!.apiKey },
      operations: router
        .list()
        .map((r) => `${r.method} ${r.path} (${r.operation})`),
    }),
    () => [...new Set(router.list().map((r) => r.operation))]
  )

  const sockets = new Set<Socket>()
  const server = createServer(
    { keepAliveTimeout: 30_000 },
    (req: IncomingMessage, res: ServerResponse) => {
      // Every answer says it is the sandbox, and what its clock shows (docs/sandbox.md).
      res.setHeader(
        SANDBOX_HEADER,
        formatSandboxHeader({ clockMs: clock.now(), speed: clock.speed })
      )
      const raw = req.url ?? "/"
      const q = raw.indexOf("?")
      const path = q < 0 ? raw : raw.slice(0, q)
      const query = new URLSearchParams(q < 0 ? "" : raw.slice(q + 1))
      const handled =
        path === "/_sandbox" || path.startsWith("/_sandbox/")
          ? controlAllowed(req, options.controlLoopbackOnly)
            ? handleControl(control, controlTable, req, res, path, query)
            : Promise.resolve(
                send(res, {
                  status: 403,
                  body: { message: "the control API answers only on loopback" },
                })
              )
          : serve(world, router, req, res, path, query)
      handled.catch((e) => {
        world.log(`sandbox: ${String(e)}`)
        if (!res.headersSent)
          send(res, {
            status: 500,
            body: { message: "unexpected sandbox error" },
          })
      })
    }
  )
  server.on("connection", (s: Socket) => {
    sockets.add(s)
    s.once("close", () => sockets.delete(s))
  })
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(options.port, options.host, () => resolve())
  })
  const address = server.address() as AddressInfo
  const host =
    address.family === "IPv6" ? `[${address.address}]` : address.address
  const url = `http://${host === "0.0.0.0" || host === "[::]" ? "127.0.0.1" : host}:${address.port}`
  origin = options.publicUrl ?? url
  world.scheduler.rebuild()

  let closed: Promise<void> | undefined
  return {
    url,
    roots: rootsOf(origin),
    credentials: {
      apiKey: options.accounts[0]!.apiKey,
      apiSecret: options.accounts[0]!.apiSecret,
    },
    control,
    close() {
      closed ??= (async () => {
        world.scheduler.close()
        world.dispatcher.close()
        const stopped = new Promise<void>((r) => server.close(() => r()))
        for (const s of sockets) s.destroy()
        await stopped
        world.saver.flush()
      })()
      return closed
    },
  }
}

function rootsOf(origin: string): SandboxRoots {
  return {
    baseUrl: origin,
    authUrl: origin,
    webhookUrl: origin,
    contactUrl: origin,
    apacUrl: `${origin}/apac`,
  }
}

function controlAllowed(req: IncomingMessage, loopbackOnly: boolean): boolean {
  if (!loopbackOnly) return true
  const a = req.socket.remoteAddress ?? ""
  return (
    a === "127.0.0.1" ||
    a === "::1" ||
    a === "::ffff:127.0.0.1" ||
    a === req.socket.localAddress
  )
}
