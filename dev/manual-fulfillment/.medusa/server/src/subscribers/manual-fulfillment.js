/**
 * Development only (the benches' baseline; loaded by the app's config when
 * DEV_MANUAL_FULFILL=1): the least an automatic fulfillment costs in Medusa, with its manual
 * provider. For each `dev.manual-fulfill.requested` event ({ id }: an order placed with a manual
 * shipping option) it reads the order's unfulfilled lines and its shipping option (what any
 * automatic fulfillment must read) and runs Medusa's createOrderFulfillmentWorkflow for them, at
 * most DEV_MANUAL_FULFILL_CONCURRENCY (default 8, the plugin's http.concurrency) at once per
 * process, as the plugin's `order.placed` subscriber does with its label purchases.
 *
 * An event of its own rather than `order.placed`: the plugin's subscriber on `order.placed` would
 * otherwise add its own check of each manual order to the baseline, and this one its check of
 * each plugin order to the plugin's figures.
 * Plain JavaScript under .medusa/server/src: where Medusa looks for a plugin's code.
 */
const { ContainerRegistrationKeys } = require("@medusajs/framework/utils")
const { createOrderFulfillmentWorkflow } = require("@medusajs/medusa/core-flows")

const capacity = Number(process.env.DEV_MANUAL_FULFILL_CONCURRENCY || 8)
let running = 0
const waiting = []

async function limited(work) {
  if (running >= capacity) await new Promise((resolve) => waiting.push(resolve))
  running++
  try {
    return await work()
  } finally {
    running--
    const next = waiting.shift()
    if (next) next()
  }
}

async function fulfill(container, orderId) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "status",
      "items.id",
      "items.quantity",
      "items.requires_shipping",
      "items.detail.quantity",
      "items.detail.fulfilled_quantity",
      "shipping_methods.shipping_option_id",
    ],
    filters: { id: orderId },
  })
  const order = data[0]
  if (!order || order.status === "canceled") return
  const items = (order.items || [])
    .filter((i) => i.requires_shipping !== false)
    .map((i) => ({
      id: i.id,
      quantity:
        Number((i.detail && i.detail.quantity) ?? i.quantity ?? 0) -
        Number((i.detail && i.detail.fulfilled_quantity) ?? 0),
    }))
    .filter((i) => i.quantity > 0)
  if (!items.length) return
  const method = (order.shipping_methods || []).find((m) => m.shipping_option_id)
  await createOrderFulfillmentWorkflow(container).run({
    input: {
      order_id: orderId,
      items,
      shipping_option_id: method ? method.shipping_option_id : undefined,
    },
  })
}

module.exports.limited = limited
module.exports.default = async function manualFulfill({ event, container }) {
  try {
    await limited(() => fulfill(container, event.data.id))
  } catch (error) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .error(`dev-manual-fulfill: order ${event.data.id}: ${error && error.message}`)
  }
}

module.exports.config = {
  event: "dev.manual-fulfill.requested",
  context: { subscriberId: "dev-manual-fulfill" },
}
