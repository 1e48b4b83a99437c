import { retrieveCart } from "@lib/data/cart"
import { retrieveCustomer } from "@lib/data/customer"
import { convertToLocale } from "@lib/util/money"
import CheckoutForm from "@modules/checkout/templates/checkout-form"
import { Metadata } from "next"
import { notFound } from "next/navigation"

export const metadata: Metadata = { title: "Checkout" }

// The starter's checkout page: its form (the steps) beside the cart's summary.
export default async function Checkout() {
  const cart = await retrieveCart()
  if (!cart) notFound()
  const customer = await retrieveCustomer()
  return (
    <div className="content-container grid grid-cols-1 gap-x-40 py-12 small:grid-cols-[1fr_416px]">
      <CheckoutForm cart={cart} customer={customer} />
      <aside
        className="flex h-fit flex-col gap-y-2"
        data-testid="checkout-summary"
      >
        <h2 className="txt-compact-large-plus">In your cart</h2>
        {(cart.items ?? []).map((i) => (
          <p key={i.id} className="txt-compact-small">
            {i.product_title ?? i.title}
          </p>
        ))}
        <p className="txt-compact-small text-ui-fg-subtle">
          Shipping:{" "}
          {convertToLocale({
            amount: cart.shipping_total ?? 0,
            currency_code: cart.currency_code,
          })}
        </p>
      </aside>
    </div>
  )
}
