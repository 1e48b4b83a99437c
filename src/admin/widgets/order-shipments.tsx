import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type { AdminOrder, DetailWidgetProps } from "@medusajs/framework/types"
import { Container, Heading, Text } from "@medusajs/ui"
import { useOrderShipments } from "../lib/api"
import { errorMessage } from "../lib/format"
import { AutoFulfillmentNotice } from "../components/order/auto-fulfillment-notice"
import {
  FulfillInParcels,
  unfulfilledLines,
} from "../components/order/fulfill-in-parcels"
import { ShipmentCard } from "../components/order/shipment-card"
import { CheckoutNote } from "../components/order/checkout-note"
import { WaitingReturnLabels } from "../components/order/waiting-return-labels"

/** The order's labels from the shipping service: status, tracking, files and actions. */
const OrderShipmentsWidget = ({
  data: order,
}: DetailWidgetProps<AdminOrder>) => {
  const { data, isLoading, isError, error } = useOrderShipments(order.id)
  const titles = Object.fromEntries(
    (order.items ?? []).map((i) => [
      i.id,
      [i.product_title ?? i.title, i.variant_title].filter(Boolean).join(" – "),
    ])
  )
  const ours = !!data?.auto_fulfillment || !!data?.shipments.length
  return (
    <Container className="divide-y p-0" data-testid="shipping-services-widget">
      <div className="flex items-center justify-between px-6 py-4">
        <Heading level="h2">Shipping service</Heading>
      </div>
      {isLoading ? (
        <div className="px-6 py-4">
          <Text size="small" className="text-ui-fg-subtle">
            Loading labels…
          </Text>
        </div>
      ) : isError ? (
        <div className="px-6 py-4">
          <Text size="small" className="text-ui-fg-error">
            The labels could not be loaded: {errorMessage(error)}
          </Text>
        </div>
      ) : (
        <>
          {(data?.auto_fulfillment?.status === "failed" ||
            data?.auto_fulfillment?.status === "waiting") && (
            <div className="px-6 py-4">
              <AutoFulfillmentNotice
                orderId={order.id}
                record={data.auto_fulfillment}
              />
            </div>
          )}
          {data && (
            <CheckoutNote checkout={data.checkout} shipments={data.shipments} />
          )}
          {data && (
            <WaitingReturnLabels
              orderId={order.id}
              waiting={data.waiting_return_labels ?? []}
            />
          )}
          {data?.shipments.length ? (
            data.shipments.map((s) => (
              <ShipmentCard
                key={s.id}
                orderId={order.id}
                shipment={s}
                titles={titles}
              />
            ))
          ) : (
            <div className="px-6 py-4">
              <Text
                size="small"
                className="text-ui-fg-subtle"
                data-testid="no-shipments"
              >
                {data?.auto_fulfillment?.status === "running" ||
                data?.auto_fulfillment?.status === "pending"
                  ? "The label is being created…"
                  : "No labels from the shipping service for this order."}
              </Text>
            </div>
          )}
          {ours && data?.auto_fulfillment?.status !== "running" && (
            <div className="px-6 py-4">
              <FulfillInParcels
                key={unfulfilledLines(order)
                  .map((l) => `${l.id}:${l.left}`)
                  .join(",")}
                order={order}
              />
            </div>
          )}
        </>
      )}
    </Container>
  )
}

export const config = defineWidgetConfig({
  zone: "order.details.after",
  id: "shipping-services.order-shipments",
})

export default OrderShipmentsWidget
