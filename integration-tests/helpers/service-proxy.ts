import { createServer, request, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { SANDBOX_HEADER } from "../../src/shipping-api/sandbox-identity"

/** A request that went through a proxy, and what the service answered. */
export type ProxiedCall = {
  method: string
  path: string
  body: unknown
  status: number
  answer: unknown
}

const json = (bytes: Buffer): unknown => {
  try {
    return bytes.length ? JSON.parse(bytes.toString("utf8")) : undefined
  } catch {
    return undefined
  }
}

/**
 * A proxy in front of a service that forwards every request and answer as they are: `calls`
 * holds what went through (JSON bodies parsed), so a test sees what the plugin asked the service
 * and what it answered. `dropSandboxHeader` makes it a service that is not the sandbox.
 */
export async function serviceProxy(
  target: string,
  opts: { dropSandboxHeader?: boolean } = {}
): Promise<{
  url: string
  calls: ProxiedCall[]
  close: () => Promise<void>
}> {
  const to = new URL(target)
  const calls: ProxiedCall[] = []
  const server: Server = createServer((req, res) => {
    const sent: Buffer[] = []
    req.on("data", (chunk: Buffer) => sent.push(chunk))
    req.on("end", () => {
      const body = Buffer.concat(sent)
      const upstream = request(
        {
          host: to.hostname,
          port: to.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: to.host },
        },
        (answer) => {
          const headers = { ...answer.headers }
          if (opts.dropSandboxHeader)
            delete headers[SANDBOX_HEADER.toLowerCase()]
          res.writeHead(answer.statusCode ?? 502, headers)
          const got: Buffer[] = []
          answer.on("data", (chunk: Buffer) => {
            got.push(chunk)
            res.write(chunk)
          })
          answer.on("end", () => {
            calls.push({
              method: req.method ?? "",
              path: req.url ?? "",
              body: json(body),
              status: answer.statusCode ?? 0,
              answer: json(Buffer.concat(got)),
            })
            res.end()
          })
        }
      )
      upstream.on("error", () => {
        if (!res.headersSent) res.writeHead(502)
        res.end()
      })
      upstream.end(body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/**
 * A service that is not the sandbox: a proxy in front of one that forwards every request and
 * answer as they are, but drops the sandbox's identity header from the answers. To the plugin it
 * is the real service (its dates judged on our clock), while the tests still drive the sandbox
 * behind it through its control API.
 */
export async function serviceWithoutSandboxHeader(target: string): Promise<{
  url: string
  close: () => Promise<void>
}> {
  return serviceProxy(target, { dropSandboxHeader: true })
}
