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
