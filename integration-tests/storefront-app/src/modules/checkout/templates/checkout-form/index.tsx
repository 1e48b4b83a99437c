import { listCartShippingMethods } from "@lib/data/fulfillment"
import { listCartPaymentMethods } from "@lib/data/payment"
import { listDeliveryPromises } from "@lib/data/shipping-services"
import { HttpTypes } from "@medusajs/types"
import Addresses from "@modules/checkout/components/addresses"
import Payment from "@modules/checkout/components/payment"
import Review from "@modules/checkout/components/review"
import Shipping from "@modules/checkout/components/shipping"

/**
 * The checkout's steps. The plugin's delivery promises are read with the shipping options, on
 * the server, and the delivery step shows each under its option's name.
 */
export default async function CheckoutForm({
  cart,
  customer,
}: {
  cart: HttpTypes.StoreCart | null
  customer: HttpTypes.StoreCustomer | null
}) {
  if (!cart) return null

  const [shippingMethods, paymentMethods, deliveryPromises] = await Promise.all(
    [
      listCartShippingMethods(cart.id),
      listCartPaymentMethods(cart.region?.id ?? ""),
      listDeliveryPromises(cart.id),
    ]
  )
  if (!shippingMethods || !paymentMethods) return null

  return (
    <div className="grid w-full grid-cols-1 gap-y-8">
      <Addresses cart={cart} customer={customer} />
      <Shipping
        cart={cart}
        availableShippingMethods={shippingMethods}
        deliveryPromises={deliveryPromises}
      />
      <Payment cart={cart} availablePaymentMethods={paymentMethods} />
      <Review cart={cart} />
    </div>
  )
}
