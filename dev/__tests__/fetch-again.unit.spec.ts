import { createServer, type Server, type Socket } from "node:net"
import type { AddressInfo } from "node:net"
import { fetchAgainOnReset, resetCode, sendAgainOnReset } from "../fetch-again"

const failed = (code: string) =>
  new TypeError("fetch failed", {
    cause: Object.assign(new Error(code), { code }),
  })

describe("fetch sent again when the connection broke before an answer", () => {
  it("knows a reset from other failures", () => {
    expect(resetCode(failed("ECONNRESET"))).toBe("ECONNRESET")
    expect(resetCode(failed("UND_ERR_SOCKET"))).toBe("UND_ERR_SOCKET")
    expect(resetCode(failed("ECONNREFUSED"))).toBeUndefined()
    expect(resetCode(new Error("boom"))).toBeUndefined()
    expect(resetCode(null)).toBeUndefined()
    expect(resetCode({ cause: { code: 42 } })).toBeUndefined()
  })

  it("sends again on a reset, at most twice more, and never on another failure", async () => {
    /** Sends that fail with `codes` in turn, then answer; how many were made, and the outcome. */
    const run = async (codes: string[]) => {
      let calls = 0
      const outcome = await sendAgainOnReset(
        async () => {
          const code = codes[calls++]
          if (code) throw failed(code)
          return "answer"
        },
        { pauseMs: 0 }
      ).catch((e: Error) => e.message)
      return { calls, outcome }
    }
    expect(await run(["ECONNRESET", "UND_ERR_SOCKET"])).toEqual({
      calls: 3,
      outcome: "answer",
    })
    expect(await run(["ECONNRESET", "ECONNRESET", "UND_ERR_SOCKET"])).toEqual({
      calls: 3,
      outcome: "fetch failed",
    })
    expect(await run(["ECONNREFUSED"])).toEqual({
      calls: 1,
      outcome: "fetch failed",
    })
    expect(await run(["ECONNRESET", "ECONNREFUSED"])).toEqual({
      calls: 2,
      outcome: "fetch failed",
    })
  })

  it("gets the answer through a real reset, the body sent whole each time", async () => {
    // A server that reads the first request and resets its connection (what the client sees
    // when the app closed the connection as idle under it), and answers the next ones.
    const bodies: string[] = []
    let connections = 0
    const server: Server = createServer((socket: Socket) => {
      const first = connections++ === 0
      let seen = ""
      socket.on("data", (chunk) => {
        seen += chunk.toString()
        if (!seen.includes("\r\n\r\n") || !seen.endsWith("}")) return
        bodies.push(seen.slice(seen.indexOf("\r\n\r\n") + 4))
        if (first) return void socket.resetAndDestroy()
        socket.end(
          'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 11\r\nconnection: close\r\n\r\n{"ok":true}'
        )
      })
    })
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r))
    const { port } = server.address() as AddressInfo
    try {
      const res = await fetchAgainOnReset(`http://127.0.0.1:${port}/x`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ n: 1 }),
      })
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({ ok: true })
      expect(connections).toBe(2)
      expect(bodies).toEqual(['{"n":1}', '{"n":1}'])
    } finally {
      await new Promise((r) => server.close(r))
    }
  })
})
