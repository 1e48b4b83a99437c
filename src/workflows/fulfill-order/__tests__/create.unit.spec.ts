import { createNotingError } from "../steps/noting-error"

describe("creating the fulfillment, noting a failure's words first", () => {
  it("returns what the creation returns and notes nothing", async () => {
    const note = jest.fn(async () => true)
    await expect(createNotingError(async () => "ful_1", note)).resolves.toBe(
      "ful_1"
    )
    expect(note).not.toHaveBeenCalled()
  })

  it("notes the error's words before it goes on, and lets the same error go on", async () => {
    const order: string[] = []
    const error = Object.assign(new Error("Shipping service: 500"), {
      status: 500,
    })
    const note = jest.fn(async (words: Record<string, unknown>) => {
      order.push(`noted ${String(words.message)}`)
      return true
    })
    await expect(
      createNotingError(async () => {
        throw error
      }, note).catch((e) => {
        order.push("thrown")
        throw e
      })
    ).rejects.toBe(error)
    expect(order).toEqual(["noted Shipping service: 500", "thrown"])
  })

  it("still lets the error go on when its words cannot be written", async () => {
    const error = new Error("Shipping service: timeout")
    await expect(
      createNotingError(
        async () => {
          throw error
        },
        async () => {
          throw new Error("database down")
        }
      )
    ).rejects.toBe(error)
  })
})
