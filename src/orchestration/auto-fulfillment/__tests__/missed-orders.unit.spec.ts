import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { SHIPPING_SERVICES_MODULE } from "../../../options/resolve"
import { autoFulfillEvent } from "../auto-fulfill"
import {
  fulfillMissedOrders,
  MISSED_ORDERS_DELAY_MS,
  MISSED_ORDERS_SETTING,
} from "../missed-orders"
import { fakeShipping, matches, silentLogger } from "../../__tests__/fakes"

jest.mock("../auto-fulfill", () => ({ autoFulfillEvent: jest.fn() }))
const placed = autoFulfillEvent as jest.MockedFunction<typeof autoFulfillEvent>

const NOW = new Date("2026-11-25T12:00:00Z")
const MIN = 60_000
const at = (minutesAgo: number) => new Date(NOW.getTime() - minutesAgo * MIN)

/**
 * Orders whose order.placed never reached the plugin (Medusa emits it once, without retries)
 * are taken up by the retry job: read since the last look, up to two minutes ago, those without
 * a row of the plugin go through the same path as the event. A cursor remembers how far it
 * looked; a failure leaves it, so the window is read again.
 */
function world(
  orders: { id: string; created_at: Date; status?: string }[],
  rows: string[] = []
) {
  const shipping = Object.assign(fakeShipping(), {
    listAutoFulfillments: async (f: { order_id: string[] }) =>
      rows
        .filter((o) => f.order_id.includes(o))
        .map((order_id) => ({
          order_id,
        })),
  })
  const graphs: unknown[] = []
  const query = {
    graph: async (q: any) => {
      graphs.push(q)
      const { $gt, $lte } = q.filters.created_at
      const found = orders
        .filter((o) => matches(o, { created_at: { $gt, $lte } }))
        .sort((a, b) => +a.created_at - +b.created_at)
        .slice(0, q.pagination.take)
      return { data: found }
    },
  }
  const { logger, lines } = silentLogger()
  const container = {
    resolve: (key: string) =>
      key === SHIPPING_SERVICES_MODULE
        ? shipping
        : key === ContainerRegistrationKeys.QUERY
          ? query
          : key === ContainerRegistrationKeys.LOGGER
            ? logger
            : undefined,
  } as any
  const cursor = async () =>
    (
      shipping.tables.settings.list({ key: MISSED_ORDERS_SETTING })[0]
        ?.value as { at: string } | undefined
    )?.at
  return { container, shipping, graphs, lines, cursor }
}

beforeEach(() => placed.mockReset())

describe("orders whose order.placed was lost", () => {
  it("takes up those the plugin never saw, not the others, nor drafts, nor the last two minutes", async () => {
    const w = world(
      [
        { id: "o-seen", created_at: at(30) },
        { id: "o-lost", created_at: at(20) },
        { id: "o-draft", created_at: at(10), status: "draft" },
        { id: "o-fresh", created_at: at(1) },
        { id: "o-old", created_at: at(90) },
      ],
      ["o-seen"]
    )
    expect(await fulfillMissedOrders(w.container, NOW)).toEqual({
      checked: 3, // seen, lost, draft: the window is the last hour, up to two minutes ago
      missed: 1,
    })
    expect(placed.mock.calls.map((c) => c[2])).toEqual(["o-lost"])
    expect(await w.cursor()).toBe(
      new Date(NOW.getTime() - MISSED_ORDERS_DELAY_MS).toISOString()
    )
    expect(w.lines.join("\n")).toMatch(/o-lost/)

    // The next minute reads only what came since.
    placed.mockReset()
    const later = new Date(NOW.getTime() + 3 * MIN)
    expect(await fulfillMissedOrders(w.container, later)).toEqual({
      checked: 1,
      missed: 1,
    })
    expect(placed.mock.calls.map((c) => c[2])).toEqual(["o-fresh"])
  })

  it("works a backlog off a page at a time, and reads a window again after a failure", async () => {
    const many = Array.from({ length: 250 }, (_, i) => ({
      id: `o-${i}`,
      created_at: new Date(at(50).getTime() + i * 1000),
    }))
    const w = world(many)
    expect(await fulfillMissedOrders(w.container, NOW)).toEqual({
      checked: 200,
      missed: 200,
    })
    expect(await w.cursor()).toBe(many[199]!.created_at.toISOString())
    placed.mockReset()
    placed.mockRejectedValueOnce(new Error("Connection terminated"))
    await expect(fulfillMissedOrders(w.container, NOW)).rejects.toThrow(
      "Connection terminated"
    )
    // Nothing moved: the same window again, all of it.
    expect(await w.cursor()).toBe(many[199]!.created_at.toISOString())
    placed.mockReset()
    expect(await fulfillMissedOrders(w.container, NOW)).toEqual({
      checked: 50,
      missed: 50,
    })
    expect(placed.mock.calls[0]![2]).toBe("o-200")
  })
})
