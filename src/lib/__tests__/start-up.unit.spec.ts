import { registerShutdown, runShutdown } from "../start-up"

describe("shutdown work (timers the start-up work started)", () => {
  it("runs each registered stop once, then forgets it", () => {
    const stops: string[] = []
    registerShutdown(() => stops.push("keeper"))
    registerShutdown(() => stops.push("other"))
    runShutdown()
    expect(stops).toEqual(["keeper", "other"])
    runShutdown()
    expect(stops).toEqual(["keeper", "other"])
  })
})
