import { retrieveOrder } from "@lib/data/orders"
import { notFound } from "next/navigation"
import OrderShipping from "@modules/order/components/order-shipping"

type Props = { params: Promise<{ id: string }> }

// The starter's order page, with the kit's parcels and returns after its order details.
export default async function OrderDetailPage(props: Props) {
  const { id } = await props.params
  const order = await retrieveOrder(id)
  if (!order) notFound()
  return (
    <div
      className="flex flex-col gap-y-6"
      data-testid="order-details-container"
    >
      <h1 className="txt-compact-xlarge-plus">Order #{order.display_id}</h1>
      <OrderShipping order={order} />
    </div>
  )
}
