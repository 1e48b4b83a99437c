import {
  ShippingBadRequestError,
  ShippingNetworkError,
  ShippingNotFoundError,
  ShippingOutcomeUnknownError,
  ShippingServerError,
  ShippingUnavailableError,
} from "../../errors"
import {
  createWithRecovery,
  randomTransactionId,
  type CreateFlowSteps,
} from "../create-flow"

/** The doc 2 rule 4 flow on its own, with scripted steps (the client's own tests go over HTTP). */

const server = (transactionId: string) =>
  new ShippingServerError({
    operation: "createShipment",
    status: 500,
    transactionId,
  })
const notFound = () =>
  new ShippingNotFoundError({ operation: "retryShipment", status: 404 })

function steps(
  post: ((id: string) => unknown)[],
  lookup: ((id: string) => unknown)[]
) {
  const log: string[] = []
  const s: CreateFlowSteps<{ shipmentId: string }> = {
    async post(id) {
      log.push(`post ${id}`)
      const r = post.shift()!(id)
      if (r instanceof Error) throw r
      return r as { shipmentId: string }
    },
    async lookup(id) {
      log.push(`lookup ${id}`)
      const r = lookup.shift()!(id)
      if (r instanceof Error) throw r
      return r as { shipmentId: string } | undefined
    },
  }
  return { s, log }
}

describe("createWithRecovery (doc 2 rule 4)", () => {
  it("returns the first answer without looking anything up", async () => {
    const { s, log } = steps([() => ({ shipmentId: "S1" })], [])
    await expect(
      createWithRecovery(s, { transactionId: "T1" })
    ).resolves.toEqual({
      shipment: { shipmentId: "S1" },
      transactionId: "T1",
      recovered: false,
    })
    expect(log).toEqual(["post T1"])
  })

  it("after a 500, a 503, a timeout or a dropped connection asks the retry operation first", async () => {
    const failures = [
      server("T1"),
      new ShippingUnavailableError({
        operation: "createShipment",
        status: 503,
      }),
      new ShippingNetworkError({ operation: "createShipment", timedOut: true }),
      new ShippingNetworkError({
        operation: "createShipment",
        timedOut: false,
      }),
    ]
    for (const failure of failures) {
      const { s, log } = steps([() => failure], [() => ({ shipmentId: "S1" })])
      await expect(
        createWithRecovery(s, { transactionId: "T1" })
      ).resolves.toMatchObject({ recovered: true, transactionId: "T1" })
      expect(log).toEqual(["post T1", "lookup T1"])
    }
  })

  it("after a 404 of the retry operation, stores a new id first, then posts with it", async () => {
    const stored: string[] = []
    const { s, log } = steps(
      [server, () => ({ shipmentId: "S2" })],
      [() => undefined]
    )
    const result = await createWithRecovery(s, {
      transactionId: "T1",
      newTransactionId: () => "T2",
      onNewTransactionId: async (id) => {
        log.push(`store ${id}`)
        stored.push(id)
      },
    })
    expect(result).toEqual({
      shipment: { shipmentId: "S2" },
      transactionId: "T2",
      recovered: false,
    })
    expect(log).toEqual(["post T1", "lookup T1", "store T2", "post T2"])
  })

  it("treats a thrown 404 like an answered one", async () => {
    const { s, log } = steps([server, () => ({ shipmentId: "S2" })], [notFound])
    await createWithRecovery(s, {
      transactionId: "T1",
      newTransactionId: () => "T2",
      onNewTransactionId: () => undefined,
    })
    expect(log).toEqual(["post T1", "lookup T1", "post T2"])
  })

  it("does not post again when the new id could not be stored", async () => {
    const { s, log } = steps([server], [() => undefined])
    const failing = createWithRecovery(s, {
      transactionId: "T1",
      newTransactionId: () => "T2",
      onNewTransactionId: () => Promise.reject(new Error("database down")),
    })
    await expect(failing).rejects.toThrow("database down")
    expect(log).toEqual(["post T1", "lookup T1"])
  })

  it("without onNewTransactionId it never creates again: the create's error says what happened", async () => {
    const { s, log } = steps([server], [() => undefined])
    const error = await createWithRecovery(s, { transactionId: "T1" }).catch(
      (e) => e
    )
    expect(error).toBeInstanceOf(ShippingServerError)
    expect(error.transactionId).toBe("T1")
    expect(log).toEqual(["post T1", "lookup T1"])
  })

  it("is bounded by maxCreateAttempts, one id per post", async () => {
    let n = 1
    const { s, log } = steps(
      [server, server, server],
      [() => undefined, () => undefined, () => undefined]
    )
    const error = await createWithRecovery(s, {
      transactionId: "T1",
      maxCreateAttempts: 3,
      newTransactionId: () => `T${++n}`,
      onNewTransactionId: () => undefined,
    }).catch((e) => e)
    expect(error).toBeInstanceOf(ShippingServerError)
    expect(log).toEqual([
      "post T1",
      "lookup T1",
      "post T2",
      "lookup T2",
      "post T3",
      "lookup T3",
    ])
  })

  it("when the retry operation cannot answer, the outcome is unknown and the error carries the id", async () => {
    const { s, log } = steps(
      [server],
      [
        () =>
          new ShippingNetworkError({
            operation: "retryShipment",
            timedOut: true,
          }),
      ]
    )
    const error = await createWithRecovery(s, {
      transactionId: "T1",
      onNewTransactionId: () => undefined,
    }).catch((e) => e)
    expect(error).toBeInstanceOf(ShippingOutcomeUnknownError)
    expect(error.transactionId).toBe("T1")
    expect(error.message).toMatch(/outcome unknown for transaction T1/)
    expect(log).toEqual(["post T1", "lookup T1"])
  })

  it("does not recover from refusals: a 400 is thrown as it is", async () => {
    const { s, log } = steps(
      [
        () =>
          new ShippingBadRequestError({
            operation: "createShipment",
            status: 400,
          }),
      ],
      []
    )
    await expect(
      createWithRecovery(s, { transactionId: "T1" })
    ).rejects.toBeInstanceOf(ShippingBadRequestError)
    expect(log).toEqual(["post T1"])
  })

  it("refuses a generator that repeats an id instead of posting twice with it", async () => {
    const { s, log } = steps([server], [() => undefined])
    await expect(
      createWithRecovery(s, {
        transactionId: "T1",
        newTransactionId: () => "T1",
        onNewTransactionId: () => undefined,
      })
    ).rejects.toThrow(/already posted/)
    expect(log).toEqual(["post T1", "lookup T1"])
  })

  it("makes ids doc 2 accepts", () => {
    const ids = new Set(Array.from({ length: 100 }, randomTransactionId))
    expect(ids.size).toBe(100)
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{1,25}$/)
  })
})
