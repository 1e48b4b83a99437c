import Medusa from "@medusajs/js-sdk"
import { returnLabelRoute } from "../server"
import { fakeBackend, notFound, type Answer, type Seen } from "./backend"

const PDF = Buffer.from("%PDF-1.4 a return label")

let backend: Awaited<ReturnType<typeof fakeBackend>>
let route: (req: Seen) => Answer
let login: Record<string, string>

beforeAll(async () => {
  backend = await fakeBackend((req) => route(req))
})
afterAll(() => backend.close())
beforeEach(() => {
  backend.seen.length = 0
  login = { authorization: "Bearer jwt-of-carol" }
  route = () => ({
    bytes: PDF,
    headers: {
      "content-type": "application/pdf",
      "content-disposition": 'inline; filename="label-9400.pdf"',
      "set-cookie": "connect.sid=backend-session",
    },
  })
})

const GET = () =>
  returnLabelRoute({ sdk: backend.sdk, headers: async () => login })

const call = (
  query = "",
  params = { orderId: "order_1", returnId: "return_1" }
) =>
  GET()(
    new Request(
      `http://shop.test/api/returns/${params.orderId}/${params.returnId}/label${query}`
    ),
    { params: Promise.resolve(params) }
  )

describe("returnLabelRoute: the label passed on with the customer's login", () => {
  it("serves the backend's file byte for byte, privately, with the customer's login sent on", async () => {
    const res = await call("?parcel=1")
    expect(res.status).toBe(200)
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PDF)
    expect(res.headers.get("content-type")).toBe("application/pdf")
    expect(res.headers.get("content-disposition")).toBe(
      'inline; filename="label-9400.pdf"'
    )
    expect(res.headers.get("cache-control")).toBe("private, no-store")
    expect(res.headers.get("x-content-type-options")).toBe("nosniff")
    // Nothing else of the backend's answer reaches the shopper.
    expect(res.headers.get("set-cookie")).toBeNull()
    expect(backend.seen).toHaveLength(1)
    expect(backend.seen[0]).toMatchObject({
      path: "/store/shipping-services/orders/order_1/returns/return_1/label",
      query: { parcel: "1", page: "0" },
    })
    expect(backend.seen[0]!.headers.authorization).toBe("Bearer jwt-of-carol")
    expect(backend.seen[0]!.headers["x-publishable-api-key"]).toBe("pk_test")
  })

  it("asks for the attachment and the page asked for", async () => {
    await call("?parcel=2&page=3&download=1")
    expect(backend.seen[0]!.query).toEqual({
      parcel: "2",
      page: "3",
      download: "1",
    })
  })

  it("answers 404 to anyone the backend does not take for the order's customer", async () => {
    login = {}
    route = () => notFound("order_1")
    const res = await call()
    expect(res.status).toBe(404)
    expect(await res.text()).toBe("Not found")
    expect(backend.seen[0]!.headers.authorization).toBeUndefined()
  })

  it("refuses a malformed parcel, page or download by name, without asking the backend", async () => {
    for (const [query, words] of [
      ["?parcel=0", "parcel: must be a whole number from 1 to 100"],
      ["?parcel=abc", "parcel: must be a whole number from 1 to 100"],
      ["?parcel=1e2", "parcel: must be a whole number from 1 to 100"],
      ["?page=-1", "page: must be a whole number from 0 to 1000"],
      ["?page=99999", "page: must be a whole number from 0 to 1000"],
      ["?download=yes", "download: must be 0 or 1"],
    ]) {
      const res = await call(query)
      expect(res.status).toBe(400)
      expect(await res.text()).toBe(words)
    }
    expect(backend.seen).toHaveLength(0)
  })

  it("answers 404 for an id no order has (empty or 20,000 characters), without asking the backend", async () => {
    expect(
      (await call("", { orderId: "x".repeat(20_000), returnId: "r" })).status
    ).toBe(404)
    expect((await call("", { orderId: "o", returnId: "" })).status).toBe(404)
    expect(backend.seen).toHaveLength(0)
  })

  it("sends ids as one path segment each: no way to another backend route", async () => {
    await call("", { orderId: "../../admin/users", returnId: "r?x=1" })
    expect(backend.seen[0]!.path).toBe(
      "/store/shipping-services/orders/..%2F..%2Fadmin%2Fusers/returns/r%3Fx%3D1/label"
    )
  })

  it("says 502 when the backend cannot be reached, and never shows its error", async () => {
    // A port that was just free: nothing listens there.
    const gone = await fakeBackend(() => ({}))
    await gone.close()
    const down = new Medusa({ baseUrl: gone.url, publishableKey: "pk_test" })
    const res = await returnLabelRoute({ sdk: down, headers: () => login })(
      new Request("http://shop.test/api/returns/o/r/label"),
      { params: Promise.resolve({ orderId: "o", returnId: "r" }) }
    )
    expect(res.status).toBe(502)
    expect(await res.text()).toBe(
      "The label could not be fetched. Try again in a moment."
    )
  })
})
