import { createServer, request, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { SANDBOX_HEADER } from "../../src/shipping-api/sandbox-identity"

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
  const to = new URL(target)
  const server: Server = createServer((req, res) => {
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
        delete headers[SANDBOX_HEADER.toLowerCase()]
        res.writeHead(answer.statusCode ?? 502, headers)
        answer.pipe(res)
      }
    )
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502)
      res.end()
    })
    req.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
