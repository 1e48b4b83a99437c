"use client"

import { setAddresses } from "@lib/data/cart"
import { checkShippingOption } from "@lib/data/shipping-services"
import useToggleState from "@lib/hooks/use-toggle-state"
import compareAddresses from "@lib/util/compare-addresses"
import { CheckCircleSolid } from "@medusajs/icons"
import { HttpTypes } from "@medusajs/types"
import Divider from "@modules/common/components/divider"
import { Heading, Text } from "@modules/common/components/ui"
import type { CheckoutProblem } from "medusa-plugin-shipping-services-storefront"
import { CheckoutProblems } from "medusa-plugin-shipping-services-storefront/react"
import { usePathname, useRouter, useSearchParams } from "next/navigation"
import { useActionState, useEffect, useState } from "react"
import BillingAddress from "../billing_address"
import ErrorMessage from "../error-message"
import ShippingAddress from "../shipping-address"
import { SubmitButton } from "../submit-button"

export default function Addresses({
  cart,
  customer,
}: {
  cart: HttpTypes.StoreCart | null
  customer: HttpTypes.StoreCustomer | null
}) {
  const searchParams = useSearchParams()
  const router = useRouter()
  const pathname = usePathname()
  const isOpen = searchParams.get("step") === "address"
  // The option the delivery step refused, when its problems sent the shopper here.
  const refusedOption = searchParams.get("shipping_option")

  const sameAsBilling = useToggleState(
    cart?.shipping_address && cart?.billing_address
      ? compareAddresses(cart.shipping_address, cart.billing_address)
      : true
  )
  const [message, formAction] = useActionState(setAddresses, null)
  const [problems, setProblems] = useState<CheckoutProblem[]>([])

  // That option's problems, from the plugin's check of the cart (which changes nothing), shown
  // at the inputs they concern.
  useEffect(() => {
    if (!isOpen || !refusedOption) {
      setProblems([])
      return
    }
    let current = true
    checkShippingOption(refusedOption).then(
      (check) => current && setProblems(check?.problems ?? []),
      () => current && setProblems([])
    )
    return () => {
      current = false
    }
  }, [isOpen, refusedOption, cart?.shipping_address])

  const address = cart?.shipping_address

  return (
    <div className="bg-white">
      <div className="mb-6 flex flex-row items-center justify-between">
        <Heading
          level="h2"
          className="flex flex-row items-baseline gap-x-2 text-3xl-regular"
        >
          Shipping Address
          {!isOpen && <CheckCircleSolid />}
        </Heading>
        {!isOpen && address && (
          <Text>
            <button
              onClick={() => router.push(`${pathname}?step=address`)}
              className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover"
              data-testid="edit-address-button"
            >
              Edit
            </button>
          </Text>
        )}
      </div>
      {isOpen ? (
        <form action={formAction}>
          <div className="flex flex-col gap-y-6 pb-8">
            <ShippingAddress
              customer={customer}
              cart={cart}
              checked={sameAsBilling.state}
              onChange={sameAsBilling.toggle}
              problems={problems}
            />
            {!sameAsBilling.state && (
              <div>
                <Heading
                  level="h2"
                  className="gap-x-4 pb-6 pt-8 text-3xl-regular"
                >
                  Billing address
                </Heading>
                <BillingAddress cart={cart} />
              </div>
            )}
            <CheckoutProblems
              problems={problems}
              title="Your delivery needs these changes:"
            />
            <SubmitButton
              className="self-start"
              data-testid="submit-address-button"
            >
              Continue to delivery
            </SubmitButton>
            <ErrorMessage error={message} data-testid="address-error-message" />
          </div>
        </form>
      ) : (
        <div className="text-small-regular">
          {address && (
            <div className="flex items-start gap-x-8">
              <div
                className="flex w-1/3 flex-col"
                data-testid="shipping-address-summary"
              >
                <Text className="txt-medium-plus mb-1 text-ui-fg-base">
                  Shipping Address
                </Text>
                <Text className="txt-medium text-ui-fg-subtle">
                  {address.first_name} {address.last_name}
                </Text>
                <Text className="txt-medium text-ui-fg-subtle">
                  {address.address_1} {address.address_2}
                </Text>
                <Text className="txt-medium text-ui-fg-subtle">
                  {address.postal_code}, {address.city}
                </Text>
                <Text className="txt-medium text-ui-fg-subtle">
                  {address.country_code?.toUpperCase()}
                </Text>
              </div>
              <div
                className="flex w-1/3 flex-col"
                data-testid="shipping-contact-summary"
              >
                <Text className="txt-medium-plus mb-1 text-ui-fg-base">
                  Contact
                </Text>
                <Text className="txt-medium text-ui-fg-subtle">
                  {address.phone}
                </Text>
                <Text className="txt-medium text-ui-fg-subtle">
                  {cart?.email}
                </Text>
              </div>
              <div
                className="flex w-1/3 flex-col"
                data-testid="billing-address-summary"
              >
                <Text className="txt-medium-plus mb-1 text-ui-fg-base">
                  Billing Address
                </Text>
                <Text className="txt-medium text-ui-fg-subtle">
                  {sameAsBilling.state
                    ? "Billing and delivery address are the same."
                    : [
                        cart?.billing_address?.address_1,
                        cart?.billing_address?.city,
                        cart?.billing_address?.country_code?.toUpperCase(),
                      ]
                        .filter(Boolean)
                        .join(", ")}
                </Text>
              </div>
            </div>
          )}
        </div>
      )}
      <Divider className="mt-8" />
    </div>
  )
}
