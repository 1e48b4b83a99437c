import { retrieveOrder } from "@lib/data/orders"
import OrderShipping from "@modules/order/components/order-shipping"
import OrderDetailsTemplate from "@modules/order/templates/order-details-template"
import { Metadata } from "next"
import { notFound } from "next/navigation"

type Props = {
  params: Promise<{ id: string }>
}

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { id } = await props.params
  const order = await retrieveOrder(id).catch(() => null)
  if (!order) notFound()
  return { title: `Order #${order.display_id}`, description: "View your order" }
}

/**
 * The starter's order page with the plugin's part after its template: the parcels' timeline,
 * the return labels and the return request (a server component of its own, so beside the
 * template, a client component, rather than inside it).
 */
export default async function OrderDetailPage(props: Props) {
  const { id } = await props.params
  const order = await retrieveOrder(id).catch(() => null)
  if (!order) notFound()
  return (
    <div className="flex flex-col gap-y-12">
      <OrderDetailsTemplate order={order} />
      <OrderShipping order={order} />
    </div>
  )
}
