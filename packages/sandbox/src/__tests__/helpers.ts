import { createServer, type IncomingHttpHeaders, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { baseRequest } from "../../../../src/shipping-api/__fixtures__/rule-examples"
import type { Variant } from "../../../../src/shipping-api/constants"
import { startSandbox, type SandboxHandle, type SandboxOptions } from ".."
import { ShippingClient } from "../../../../src/shipping-api"

/** A Monday afternoon, so business-day arithmetic is easy to read in assertions. */
export const START = "2026-03-02T15:00:00.000Z"

/**
 * Frozen clock (speed 0): time moves only through control.advance, so tests are deterministic.
 * Tokens live ten sandbox years unless a test is about expiry (tests cross weeks of sandbox time).
 */
export function sandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
  return startSandbox({
    speed: 0,
    startTime: START,
    tokenTtlSeconds: 10 * 365 * 86_400,
    webhookBackoffMs: [20, 40, 60],
    log: () => undefined,
    ...options,
  })
}

/** The plugin's own client against a test sandbox, quick to retry so faults stay fast. */
export function clientFor(
  s: SandboxHandle,
  over: Partial<ConstructorParameters<typeof ShippingClient>[0]> = {}
): ShippingClient {
  return new ShippingClient({
    roots: s.roots,
    credentials: s.credentials,
    // Generous: at a load of 15 on two cores a create took over 2 s and the client, rightly,
    // recovered the label by its transaction id instead of hearing the answer. Timeout tests set 300 ms.
    timeoutMs: 15_000,
    concurrency: 8,
    maxAttempts: 3,
    backoff: { baseMs: 5, capMs: 20 },
    ...over,
  })
}

export async function tokenFor(
  sb: SandboxHandle,
  key = sb.credentials.apiKey,
  secret = sb.credentials.apiSecret
): Promise<string> {
  const res = await fetch(`${sb.roots.authUrl}/oauth/token`, {
    method: "POST",
    headers: {
      Authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString("base64")}`,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  })
  if (res.status !== 200)
    throw new Error(`token: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { access_token: string }).access_token
}

export type Raw = { status: number; headers: Headers; body: any }

/** One raw request, with the headers the plugin's client always sends. */
export async function call(
  sb: SandboxHandle,
  token: string | undefined,
  method: string,
  path: string,
  init: { body?: unknown; headers?: Record<string, string> } = {}
): Promise<Raw> {
  const res = await fetch(`${sb.url}${path}`, {
    method,
    headers: {
      "X-Vendor-UnifiedErrorStructure": "true",
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(init.body !== undefined
        ? { "Content-Type": "application/json" }
        : {}),
      ...init.headers,
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  const text = await res.text()
  let body: unknown = text
  try {
    body = text ? JSON.parse(text) : undefined
  } catch {
    // not JSON
  }
  return { status: res.status, headers: res.headers, body }
}

let tx = 0
export const newTransactionId = (prefix = "t") =>
  `${prefix}-${process.pid}-${++tx}`

/** src/shipping-api's valid base request of a variant (the same fixture its rules are tested with). */
export function request(variant: Variant): any {
  return baseRequest(variant)
}

export const QUERY: Record<Variant, string> = {
  "carrier-account": "",
  expedited: "",
  standard: "",
  "cross-border": "?carrier=XBORDER&includeDeliveryCommitment=true",
}

export async function create(
  sb: SandboxHandle,
  token: string,
  variant: Variant,
  edit?: (r: any) => void,
  headers: Record<string, string> = {}
): Promise<Raw> {
  const body = request(variant)
  edit?.(body)
  return call(sb, token, "POST", `/v1/shipments${QUERY[variant]}`, {
    body,
    headers: { "X-Vendor-TransactionId": newTransactionId(), ...headers },
  })
}

export type Received = {
  headers: IncomingHttpHeaders
  body: any
  at: number
  url: string
}

/**
 * A local webhook receiver. `respond` decides each answer (status, or "hang" to never answer).
 * Also serves an OAuth token endpoint at /token for `oauth` configurations.
 */
export async function receiver(
  respond: (
    r: Received,
    n: number
  ) =>
    | number
    | "hang"
    | { status: number; headers: Record<string, string> } = () => 200
) {
  const received: Received[] = []
  const tokenRequests: Received[] = []
  const server: Server = createServer((req, res) => {
    let raw = ""
    req.on("data", (c) => (raw += c))
    req.on("end", () => {
      const entry = {
        headers: req.headers,
        body: raw ? safeJson(raw) : undefined,
        at: Date.now(),
        url: req.url ?? "",
      }
      if (req.url === "/token") {
        tokenRequests.push({ ...entry, body: raw })
        res.writeHead(200, { "Content-Type": "application/json" })
        res.end(
          JSON.stringify({
            access_token: `rcv-token-${tokenRequests.length}`,
            expires_in: 3600,
          })
        )
        return
      }
      received.push(entry)
      const answer = respond(entry, received.length)
      if (answer === "hang") return
      const { status, headers } =
        typeof answer === "number" ? { status: answer, headers: {} } : answer
      res.writeHead(status, {
        "X-Vendor-ReferenceId": String(
          req.headers["x-vendor-referenceid"] ?? ""
        ),
        ...headers,
      })
      res.end()
    })
  })
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    received,
    tokenRequests,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections()
        server.close(() => r())
      }),
  }
}

function safeJson(s: string): unknown {
  try {
    return JSON.parse(s)
  } catch {
    return s
  }
}

export function webhookBody(url: string, over: Record<string, unknown> = {}) {
  return {
    name: "tests",
    type: "tracking",
    events: [
      "Manifest",
      "Acceptance",
      "InTransit",
      "OutForDelivery",
      "Delivered",
      "DeliveryAttempt",
      "Exception",
      "ReturnToSender",
      "ReadyForPickup",
      "PickedUp",
      "PickupMissed",
    ],
    url,
    timeOut: 2,
    authParams: {
      authType: "custom",
      apiKey: "k-123",
      headerName: "X-Test-Key",
    },
    ...over,
  }
}
