import { createServer, type IncomingMessage, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import Medusa from "@medusajs/js-sdk"

export type Seen = {
  method: string
  path: string
  query: Record<string, string>
  headers: IncomingMessage["headers"]
  body: unknown
}
export type Answer = {
  status?: number
  json?: unknown
  bytes?: Buffer
  headers?: Record<string, string>
}

/**
 * A stand-in for the Medusa backend over real HTTP, so the kit's calls go through the real
 * js-sdk (its headers, query encoding and error handling) and are seen as the backend sees them.
 */
export async function fakeBackend(
  answer: (req: Seen) => Answer | Promise<Answer>
): Promise<{
  sdk: Medusa
  url: string
  seen: Seen[]
  close(): Promise<void>
}> {
  const seen: Seen[] = []
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const raw = Buffer.concat(chunks).toString("utf8")
    const url = new URL(req.url ?? "/", "http://x")
    const request: Seen = {
      method: req.method ?? "GET",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      body: raw ? JSON.parse(raw) : undefined,
    }
    seen.push(request)
    const a = await answer(request)
    res.statusCode = a.status ?? 200
    for (const [k, v] of Object.entries(a.headers ?? {})) res.setHeader(k, v)
    if (a.bytes) return res.end(a.bytes)
    res.setHeader("content-type", "application/json")
    res.end(JSON.stringify(a.json ?? {}))
  })
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    sdk: new Medusa({ baseUrl: url, publishableKey: "pk_test" }),
    url,
    seen,
    close: () => new Promise((r) => server.close(() => r())),
  }
}

export const notFound = (id: string): Answer => ({
  status: 404,
  json: { type: "not_found", message: `Order with id: ${id} was not found` },
})
