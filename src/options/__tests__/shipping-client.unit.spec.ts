import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { parsePluginOptions } from ".."
import { sharedShippingClient } from "../shipping-client"

/** A service that refuses every call: enough for the client to log one line per call. */
async function refusingService(): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(404, { "content-type": "application/json" })
    res.end(JSON.stringify({ errors: [{ code: "NOT.FOUND", message: "no" }] }))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, server }
}

describe("the process's shared client", () => {
  let service: { url: string; server: Server }
  beforeAll(async () => {
    service = await refusingService()
  })
  afterAll(() => new Promise((resolve) => service.server.close(resolve)))

  const options = () =>
    parsePluginOptions({
      credentials: { apiKey: "key-logger", apiSecret: "secret-logger" },
      roots: { baseUrl: service.url, authUrl: service.url },
      shipper: { shipperId: "9024324" },
      http: { maxAttempts: 1 },
      services: [
        {
          id: "ground",
          name: "Ground",
          variant: "expedited",
          serviceId: "UGA",
        },
      ],
    })

  const callOnce = (client: ReturnType<typeof sharedShippingClient>) =>
    client.listApplicableEvents().catch(() => undefined)

  it("is one client per configuration, logging to the latest caller's logger", async () => {
    const first: string[] = []
    const second: string[] = []
    const a = sharedShippingClient(options(), {
      debug: (m) => first.push(m),
    })
    const b = sharedShippingClient(options(), {
      debug: (m) => second.push(m),
    })
    expect(b).toBe(a)
    await callOnce(a)
    expect(first).toEqual([])
    expect(second.length).toBeGreaterThan(0)
    expect(second.join("\n")).not.toMatch(/secret-logger|key-logger/)

    // A caller without a logger keeps the one set.
    const seen = second.length
    await callOnce(sharedShippingClient(options()))
    expect(second.length).toBeGreaterThan(seen)
    expect(first).toEqual([])
  })
})
