import { listShippingOptions, retrieveCart } from "@lib/data/cart"
import { listDeliveryPromises } from "@lib/data/shipping-services"
import CheckoutForm from "@modules/checkout/checkout-form"
import { notFound } from "next/navigation"

// The starter's checkout page: the cart from its cookie, its shipping options priced, and the
// plugin's delivery promise of each.
export default async function Checkout() {
  const cart = await retrieveCart()
  if (!cart) notFound()
  const [options, promises] = await Promise.all([
    listShippingOptions(cart.id),
    listDeliveryPromises(cart.id),
  ])
  return (
    <div className="content-container py-12">
      <CheckoutForm cart={cart} options={options} promises={promises} />
    </div>
  )
}
