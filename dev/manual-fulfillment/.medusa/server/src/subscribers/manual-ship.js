/**
 * Development only (the benches' baseline, beside the manual fulfillment subscriber): what Medusa does for
 * a parcel's life without the plugin. For each `dev.manual-ship.requested` event ({ id }: an
 * order whose manual fulfillment exists) it reads the order's fulfillments and runs Medusa's own
 * createOrderShipmentWorkflow and markOrderFulfillmentAsDeliveredWorkflow for each, the two
 * workflows the plugin runs when a parcel's tracking says shipped and delivered — at most
 * DEV_MANUAL_FULFILL_CONCURRENCY (8) orders at once per process, sharing manual-fulfill's limit.
 */
const { ContainerRegistrationKeys } = require("@medusajs/framework/utils")
const {
  createOrderShipmentWorkflow,
  markOrderFulfillmentAsDeliveredWorkflow,
} = require("@medusajs/medusa/core-flows")
const { limited } = require("./manual-fulfillment")

async function shipAndDeliver(container, orderId) {
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: [
      "id",
      "fulfillments.id",
      "fulfillments.shipped_at",
      "fulfillments.delivered_at",
      "fulfillments.canceled_at",
      "fulfillments.items.line_item_id",
      "fulfillments.items.quantity",
    ],
    filters: { id: orderId },
  })
  for (const f of (data[0] && data[0].fulfillments) || []) {
    if (f.canceled_at) continue
    if (!f.shipped_at)
      await createOrderShipmentWorkflow(container).run({
        input: {
          order_id: orderId,
          fulfillment_id: f.id,
          items: (f.items || []).map((i) => ({
            id: i.line_item_id,
            quantity: Number(i.quantity),
          })),
        },
      })
    if (!f.delivered_at)
      await markOrderFulfillmentAsDeliveredWorkflow(container).run({
        input: { orderId, fulfillmentId: f.id },
      })
  }
}

module.exports.default = async function manualShip({ event, container }) {
  try {
    await limited(() => shipAndDeliver(container, event.data.id))
  } catch (error) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .error(
        `dev-manual-ship: order ${event.data.id}: ${error && error.message}`
      )
  }
}

module.exports.config = {
  event: "dev.manual-ship.requested",
  context: { subscriberId: "dev-manual-ship" },
}
