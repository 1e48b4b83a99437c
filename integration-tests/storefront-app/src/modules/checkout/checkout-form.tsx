"use client"

import {
  updateShippingAddress,
  type ShippingOption,
  type StoreCart,
} from "@lib/data/cart"
import { chooseShippingOption } from "@lib/data/shipping-services"
import type {
  CheckoutProblem,
  DeliveryPromise as Promised,
} from "medusa-plugin-shipping-services-storefront"
import {
  CheckoutProblems,
  DeliveryPromise,
  FieldProblem,
  promiseFor,
} from "medusa-plugin-shipping-services-storefront/react"
import { useActionState, useState } from "react"

const FIELDS: [string, string][] = [
  ["first_name", "First name"],
  ["last_name", "Last name"],
  ["address_1", "Address"],
  ["company", "Company"],
  ["postal_code", "Postal code"],
  ["city", "City"],
  ["country_code", "Country"],
  ["province", "State / Province"],
  ["phone", "Phone"],
]

const money = (amount: number | null, currency: string) =>
  amount === null
    ? "-"
    : new Intl.NumberFormat("en-US", { style: "currency", currency }).format(
        amount
      )

/**
 * The starter's address and delivery steps on one page: its inputs (named `shipping_address.*`),
 * each with the kit's FieldProblem under it, and its delivery options, each with its price and
 * the kit's DeliveryPromise. Choosing an option the plugin refuses shows the kit's CheckoutProblems.
 */
export default function CheckoutForm(props: {
  cart: StoreCart
  options: (ShippingOption & { price: number | null })[]
  promises: Promised[]
}) {
  const { cart, options, promises } = props
  const [saveError, save, saving] = useActionState(updateShippingAddress, null)
  const [problems, setProblems] = useState<CheckoutProblem[]>([])
  const [error, setError] = useState<string | null>(null)
  const [choosing, setChoosing] = useState<string | null>(null)
  const chosen = cart.shipping_methods?.at(-1)?.shipping_option_id ?? null
  const address = cart.shipping_address ?? {}
  const itemTitles = Object.fromEntries(
    cart.items.map((i) => [i.id, i.product_title ?? i.title])
  )

  const choose = async (optionId: string) => {
    setChoosing(optionId)
    setError(null)
    const result = await chooseShippingOption(optionId)
    setChoosing(null)
    if (result.ok) return setProblems([])
    setError(result.message)
    setProblems(result.problems)
  }

  return (
    <div className="grid grid-cols-1 gap-y-8 lg:grid-cols-[1fr_360px] lg:gap-x-16">
      <div className="flex flex-col gap-y-8 bg-ui-bg-base p-6 rounded-lg">
        <form
          action={save}
          className="flex flex-col gap-y-4"
          data-testid="shipping-address-form"
        >
          <h2 className="txt-compact-xlarge-plus">Shipping Address</h2>
          <div className="grid grid-cols-2 gap-4">
            {FIELDS.map(([field, label]) => {
              const name = `shipping_address.${field}`
              return (
                <div
                  key={field}
                  className="flex flex-col"
                  data-testid={`field-${field}`}
                >
                  <label
                    className="txt-compact-small text-ui-fg-subtle pb-1"
                    htmlFor={name}
                  >
                    {label}
                  </label>
                  <input
                    id={name}
                    name={name}
                    defaultValue={address[field] ?? ""}
                    className="h-11 rounded-md border border-ui-border-base bg-ui-bg-field px-4 txt-compact-medium"
                  />
                  <FieldProblem field={name} problems={problems} />
                </div>
              )
            })}
            <div className="flex flex-col" data-testid="field-email">
              <label
                className="txt-compact-small text-ui-fg-subtle pb-1"
                htmlFor="email"
              >
                Email
              </label>
              <input
                id="email"
                name="email"
                defaultValue={cart.email ?? ""}
                className="h-11 rounded-md border border-ui-border-base bg-ui-bg-field px-4 txt-compact-medium"
              />
              <FieldProblem field="email" problems={problems} />
            </div>
          </div>
          {saveError && (
            <p className="txt-compact-small text-ui-fg-error">{saveError}</p>
          )}
          <button
            type="submit"
            disabled={saving}
            className="self-start h-10 px-4 rounded-md bg-ui-button-neutral shadow-buttons-neutral txt-compact-small-plus"
            data-testid="save-address"
          >
            {saving ? "Saving…" : "Save address"}
          </button>
        </form>

        <div
          className="flex flex-col gap-y-2"
          data-testid="delivery-options-container"
        >
          <h2 className="txt-compact-xlarge-plus">Delivery</h2>
          {options.map((o) => (
            <button
              key={o.id}
              type="button"
              onClick={() => choose(o.id)}
              disabled={choosing !== null}
              className={`flex items-center justify-between rounded-rounded border px-8 py-4 text-left hover:shadow-borders-interactive-with-active ${
                o.id === chosen
                  ? "border-ui-border-interactive"
                  : "border-ui-border-base"
              }`}
              data-testid="delivery-option"
              data-option-id={o.id}
              data-selected={o.id === chosen}
            >
              <span className="flex flex-col gap-y-0.5">
                <span className="txt-compact-medium">{o.name}</span>
                <DeliveryPromise promise={promiseFor(promises, o.id)} />
              </span>
              <span
                className="txt-compact-medium"
                data-testid="delivery-option-price"
              >
                {money(o.price, cart.currency_code)}
              </span>
            </button>
          ))}
          {error && !problems.length && (
            <p
              className="txt-compact-small text-ui-fg-error"
              data-testid="delivery-option-error-message"
            >
              {error}
            </p>
          )}
          <CheckoutProblems problems={problems} itemTitles={itemTitles} />
        </div>
      </div>
      <aside className="flex flex-col gap-y-2 bg-ui-bg-base p-6 rounded-lg h-fit">
        <h2 className="txt-compact-large-plus">In your cart</h2>
        {cart.items.map((i) => (
          <p key={i.id} className="txt-compact-small">
            {i.product_title ?? i.title}
          </p>
        ))}
        {chosen && (
          <p
            className="txt-compact-small text-ui-fg-subtle"
            data-testid="chosen-method"
          >
            Shipping: {cart.shipping_methods?.at(-1)?.name}
          </p>
        )}
      </aside>
    </div>
  )
}
