import type { IncomingMessage, ServerResponse } from "node:http"
import type { SandboxControl } from "../control"
import { FAULT_NAMES } from "../faults"
import { parseJson, readBody, send } from "../http/io"

type Body = Record<string, unknown>
type ControlRoute = {
  method: string
  path: string
  run: (
    c: SandboxControl,
    body: Body,
    params: Record<string, string>,
    query: URLSearchParams
  ) => unknown
}

/**
 * The control API under /_sandbox (no token; see docs/sandbox.md). Each route calls one method
 * of SandboxControl; errors answer 400 `{ message }`.
 */
export function controlRoutes(
  describe: () => unknown,
  operations: () => string[]
): ControlRoute[] {
  return [
    { method: "GET", path: "", run: () => describe() },
    { method: "GET", path: "clock", run: (c) => c.clock() },
    {
      method: "POST",
      path: "clock/advance",
      run: (c, b) =>
        c.advance(
          b.until !== undefined
            ? { until: b.until as "next" | "done" }
            : { seconds: Number(b.seconds) }
        ),
    },
    {
      method: "PUT",
      path: "clock/speed",
      run: (c, b) => c.setSpeed(Number(b.speed)),
    },
    { method: "GET", path: "scenarios", run: (c) => c.scenarios() },
    {
      method: "PUT",
      path: "scenarios/default",
      run: (c, b) => (c.setDefaultScenario(String(b.scenario)), c.scenarios()),
    },
    {
      method: "PUT",
      path: "scenarios/:trackingNumber",
      run: (c, b, p) => c.setScenario(p.trackingNumber!, String(b.scenario)),
    },
    { method: "GET", path: "webhooks", run: (c) => c.webhooks() },
    {
      method: "PUT",
      path: "webhooks",
      run: (c, b) => {
        if (b.delivery !== undefined)
          c.setWebhookDelivery(b.delivery === true || b.delivery === "on")
        if (b.mode !== undefined) c.setWebhookMode(String(b.mode))
        return c.webhooks()
      },
    },
    {
      method: "GET",
      path: "webhooks/log",
      run: (c, _b, _p, q) => c.webhookLog(Number(q.get("since") ?? 0)),
    },
    { method: "DELETE", path: "webhooks/log", run: (c) => c.clearWebhookLog() },
    {
      method: "POST",
      path: "webhooks/settle",
      run: (c, b) =>
        c.settleWebhooks(
          b.timeoutMs === undefined ? undefined : Number(b.timeoutMs)
        ),
    },
    {
      method: "GET",
      path: "faults",
      run: (c) => ({
        ...c.faults(),
        available: FAULT_NAMES,
        operations: operations(),
      }),
    },
    {
      method: "POST",
      path: "faults",
      run: (c, b) => (
        c.injectFault(
          String(b.operation ?? "*"),
          String(b.fault),
          b.count === undefined ? 1 : Number(b.count)
        ),
        c.faults()
      ),
    },
    { method: "DELETE", path: "faults", run: (c) => c.clearFaults() },
    {
      method: "PUT",
      path: "latency",
      run: (c, b) => (
        c.setLatency(String(b.operation ?? "*"), Number(b.ms)),
        c.faults()
      ),
    },
    { method: "POST", path: "tokens/expire", run: (c) => c.expireTokens() },
    { method: "GET", path: "stats", run: (c) => c.stats() },
    {
      method: "POST",
      path: "stats/reset",
      run: (c) => (c.resetStats(), c.stats()),
    },
    { method: "GET", path: "state", run: (c) => c.dumpState() },
    { method: "POST", path: "state/reset", run: (c) => c.resetState() },
    { method: "POST", path: "state/save", run: (c) => c.saveState() },
    { method: "GET", path: "accounts", run: (c) => c.accounts() },
    {
      method: "POST",
      path: "accounts",
      run: (c, b) => (c.addAccount(b as never), c.accounts()),
    },
    {
      method: "GET",
      path: "contacts",
      run: (c, _b, _p, q) => c.contacts(q.get("apiKey") ?? undefined),
    },
    {
      method: "POST",
      path: "contacts",
      run: (c, b) => (c.addContact(b as never), c.contacts()),
    },
  ]
}

export async function handleControl(
  control: SandboxControl,
  routes: ControlRoute[],
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  query: URLSearchParams
): Promise<void> {
  const segments = path.split("/").filter(Boolean).slice(1)
  let pathMatched = false
  for (const r of routes) {
    const want = r.path.split("/").filter(Boolean)
    if (want.length !== segments.length) continue
    const params: Record<string, string> = {}
    if (
      !want.every((w, i) =>
        w.startsWith(":")
          ? ((params[w.slice(1)] = decodeURIComponent(segments[i]!)), true)
          : w === segments[i]
      )
    )
      continue
    pathMatched = true
    if (r.method !== req.method) continue
    try {
      const raw = await readBody(req)
      const body = (parseJson(raw) ?? {}) as Body
      const out = await r.run(control, body, params, query)
      send(res, { status: 200, body: out ?? { ok: true } })
    } catch (e) {
      send(res, {
        status: 400,
        body: { message: e instanceof Error ? e.message : String(e) },
      })
    }
    return
  }
  send(res, {
    status: pathMatched ? 405 : 404,
    body: { message: `no control route ${req.method} ${path}` },
  })
}
