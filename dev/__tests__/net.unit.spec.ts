import { candidatePort, ephemeralRange, freePort } from "../net"
import { createServer } from "node:net"

describe("ports for the test apps", () => {
  it("reads the OS's ephemeral range, and falls back to Linux's default", () => {
    expect(ephemeralRange(() => "32768\t60999\n")).toEqual([32768, 60999])
    expect(ephemeralRange(() => "1024 65535")).toEqual([1024, 65535])
    expect(ephemeralRange(() => "garbage")).toEqual([32768, 60999])
    expect(
      ephemeralRange(() => {
        throw new Error("ENOENT")
      })
    ).toEqual([32768, 60999])
  })

  it("picks below the ephemeral range, or above it when there is no room below", () => {
    for (let i = 0; i < 1_000; i++) {
      const p = candidatePort([32768, 60999], new Set())!
      expect(p >= 10_000 && p < 32768).toBe(true)
    }
    for (let i = 0; i < 1_000; i++) {
      const p = candidatePort([1024, 50_000], new Set())!
      expect(p > 50_000 && p <= 65535).toBe(true)
    }
    expect(candidatePort([1024, 65535], new Set())).toBeUndefined()
  })

  it("never picks a port it was told is taken", () => {
    // A random source that keeps offering the low end first.
    let n = 0
    const random = () => (n++ < 4 ? 0 : 0.5)
    const taken = new Set([10_000])
    expect(candidatePort([32768, 60999], taken, random)).not.toBe(10_000)
  })

  it("never picks a port fetch refuses to connect to (an app there is never reached)", async () => {
    // The random source lands on 10080 first: the one blocked port in 10000–32767.
    const at10080 = (10_080 - 10_000 + 0.5) / (32767 - 10_000 + 1)
    let n = 0
    const random = () => (n++ === 0 ? at10080 : 0.5)
    const p = candidatePort([32768, 60999], new Set(), random)
    expect(n).toBe(2)
    expect(p).not.toBe(10_080)
    // Why: a server listening on 10080 is never reached by fetch.
    const server = createServer((c) =>
      c.end("HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n")
    )
    const listening = await new Promise<boolean>((res) => {
      server.once("error", () => res(false))
      server.listen(10_080, "127.0.0.1", () => res(true))
    })
    try {
      const error = await fetch("http://127.0.0.1:10080/health").catch(
        (e: Error & { cause?: Error }) => e.cause?.message ?? e.message
      )
      expect(error).toBe("bad port")
    } finally {
      if (listening) await new Promise((res) => server.close(res))
    }
  })

  it("hands out distinct free ports outside the ephemeral range, skipping one in use", async () => {
    const [low, high] = ephemeralRange()
    const ports = await Promise.all(Array.from({ length: 20 }, freePort))
    expect(new Set(ports).size).toBe(20)
    for (const p of ports) expect(p < low || p > high).toBe(true)
    // Every one can be listened on.
    for (const p of ports) {
      const server = createServer()
      await new Promise<void>((res, rej) => {
        server.once("error", rej)
        server.listen(p, res)
      })
      await new Promise((res) => server.close(res))
    }
  })
})
