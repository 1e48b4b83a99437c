import { blockedPortOf, FETCH_BLOCKED_PORTS } from "../blocked-ports"

const reasonOf = (url: string) =>
  fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
    () => "answered",
    (e: Error & { cause?: Error & { code?: string } }) =>
      e.cause?.message === "bad port" ? "bad port" : "other"
  )

describe("ports fetch refuses", () => {
  it("fetch refuses every listed port before connecting, and a neighbour is not refused", async () => {
    const reasons = await Promise.all(
      [...FETCH_BLOCKED_PORTS].map((port) =>
        reasonOf(`http://127.0.0.1:${port}/`)
      )
    )
    expect(new Set(reasons)).toEqual(new Set(["bad port"]))
    // 6680 and 10081 are not on the list: fetch tries them (refused or answered, not "bad port").
    for (const port of [6680, 10081])
      expect(await reasonOf(`http://127.0.0.1:${port}/`)).not.toBe("bad port")
  })

  it("names the blocked port a URL gives, only when it gives one", () => {
    expect(blockedPortOf("http://localhost:10080/x")).toBe(10080)
    expect(blockedPortOf("https://[::1]:6679")).toBe(6679)
    expect(blockedPortOf("http://localhost:010080")).toBe(10080)
    for (const url of [
      "http://localhost",
      "http://localhost:80",
      "https://api.example.com:443/v1",
      "http://localhost:10081",
      "not a url",
    ])
      expect(blockedPortOf(url)).toBeUndefined()
  })
})
