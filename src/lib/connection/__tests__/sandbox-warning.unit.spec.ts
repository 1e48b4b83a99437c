import { sandboxInProductionWarning } from "../sandbox-warning"

const sandbox = { kind: "sandbox" as const, seenAt: 0, clockMs: 0, speed: 1 }

describe("sandboxInProductionWarning", () => {
  it("warns a production app that the sandbox answers it", () => {
    expect(
      sandboxInProductionWarning(sandbox, "production", "http://127.0.0.1:4010")
    ).toMatch(
      /^NODE_ENV=production but roots.baseUrl http:\/\/127.0.0.1:4010 is the local sandbox/
    )
  })

  it("says nothing in development, nor when the real service (or nobody yet) answers", () => {
    expect(
      sandboxInProductionWarning(sandbox, "development", "x")
    ).toBeUndefined()
    expect(sandboxInProductionWarning(sandbox, undefined, "x")).toBeUndefined()
    expect(
      sandboxInProductionWarning(
        { kind: "service", seenAt: 0 },
        "production",
        "x"
      )
    ).toBeUndefined()
    expect(
      sandboxInProductionWarning({ kind: "unknown" }, "production", "x")
    ).toBeUndefined()
  })
})
