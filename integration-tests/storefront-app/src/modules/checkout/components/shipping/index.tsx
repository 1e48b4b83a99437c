"use client"

import { Radio, RadioGroup } from "@headlessui/react"
import { calculatePriceForShippingOption } from "@lib/data/fulfillment"
import { chooseShippingOption } from "@lib/data/shipping-services"
import { convertToLocale } from "@lib/util/money"
import { CheckCircleSolid, Loader } from "@medusajs/icons"
import { HttpTypes } from "@medusajs/types"
import ErrorMessage from "@modules/checkout/components/error-message"
import Divider from "@modules/common/components/divider"
import MedusaRadio from "@modules/common/components/radio"
import { Button, clx, Heading, Text } from "@modules/common/components/ui"
import type {
  CheckoutProblem,
  DeliveryPromise as DeliveryPromiseEntry,
} from "medusa-plugin-shipping-services-storefront"
import {
  CheckoutProblems,
  DeliveryPromise,
  promiseFor,
} from "medusa-plugin-shipping-services-storefront/react"
import { usePathname, useRouter, useSearchParams } from "next/navigation"
import { useEffect, useState } from "react"

type ShippingProps = {
  cart: HttpTypes.StoreCart
  availableShippingMethods: HttpTypes.StoreCartShippingOption[] | null
  /** The plugin's expected delivery of each of its options (listDeliveryPromises). */
  deliveryPromises: DeliveryPromiseEntry[]
}

/** What Medusa's store route says of an option's stock location, read for pickup options. */
type WithLocation = {
  service_zone?: {
    fulfillment_set?: {
      type?: string
      location?: { address?: HttpTypes.StoreCartAddress }
    }
  }
}

const fulfillmentSetOf = (option: HttpTypes.StoreCartShippingOption) =>
  (option as WithLocation).service_zone?.fulfillment_set

const isPickup = (option: HttpTypes.StoreCartShippingOption) =>
  fulfillmentSetOf(option)?.type === "pickup"

function pickupAddress(option: HttpTypes.StoreCartShippingOption): string {
  const address = fulfillmentSetOf(option)?.location?.address
  if (!address) return ""
  return [
    address.address_1,
    address.address_2,
    [address.postal_code, address.city].filter(Boolean).join(" "),
    address.country_code?.toUpperCase(),
  ]
    .filter(Boolean)
    .join(", ")
}

/** The refused option and the plugin's problems with it, field by field. */
type Refusal = { optionId: string; problems: CheckoutProblem[] }

const OPTION_CLASS =
  "flex items-center justify-between text-small-regular cursor-pointer py-4 border rounded-rounded px-8 mb-2 hover:shadow-borders-interactive-with-active"

/** One option in its radio group, with what goes under its name, and its price. */
function OptionRadio({
  option,
  checked,
  disabled,
  price,
  children,
}: {
  option: HttpTypes.StoreCartShippingOption
  checked: boolean
  disabled?: boolean
  price: React.ReactNode
  children: React.ReactNode
}) {
  return (
    <Radio
      value={option.id}
      disabled={disabled}
      className={clx(OPTION_CLASS, {
        "border-ui-border-interactive": checked,
        "cursor-not-allowed": disabled,
      })}
      data-testid="delivery-option-radio"
      data-option-id={option.id}
    >
      <div className="flex items-start gap-x-4">
        <MedusaRadio checked={checked} />
        <div className="flex flex-col">
          <span className="text-base-regular">{option.name}</span>
          {children}
        </div>
      </div>
      <span
        className="justify-self-end text-ui-fg-base"
        data-testid="delivery-option-price"
      >
        {price}
      </span>
    </Radio>
  )
}

export default function Shipping({
  cart,
  availableShippingMethods,
  deliveryPromises,
}: ShippingProps) {
  const searchParams = useSearchParams()
  const router = useRouter()
  const pathname = usePathname()
  const isOpen = searchParams.get("step") === "delivery"

  const options = availableShippingMethods ?? []
  const shippingOptions = options.filter((o) => !isPickup(o))
  const pickupOptions = options.filter(isPickup)
  const chosen = cart.shipping_methods?.at(-1)

  const [chosenId, setChosenId] = useState<string | null>(
    chosen?.shipping_option_id ?? null
  )
  const [showPickup, setShowPickup] = useState(() =>
    pickupOptions.some((o) => o.id === chosenId)
  )
  const [isLoading, setIsLoading] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const [calculatedPrices, setCalculatedPrices] = useState<
    Record<string, number>
  >({})
  const [isLoadingPrices, setIsLoadingPrices] = useState(true)

  // Calculated options are priced for this cart by their provider, one request each.
  useEffect(() => {
    const calculated = shippingOptions.filter(
      (o) => o.price_type === "calculated"
    )
    if (!calculated.length) {
      setIsLoadingPrices(false)
      return
    }
    let current = true
    setIsLoadingPrices(true)
    Promise.allSettled(
      calculated.map((o) => calculatePriceForShippingOption(o.id, cart.id))
    ).then((results) => {
      if (!current) return
      const priced: Record<string, number> = {}
      for (const r of results)
        if (r.status === "fulfilled" && typeof r.value?.amount === "number")
          priced[r.value.id] = r.value.amount
      setCalculatedPrices(priced)
      setIsLoadingPrices(false)
    })
    return () => {
      current = false
    }
  }, [availableShippingMethods, cart.id])

  useEffect(() => {
    setError(null)
    setRefusal(null)
  }, [isOpen])

  // Through the data file, so that a refusal comes with the plugin's problems.
  const handleSetShippingMethod = async (id: string, pickup: boolean) => {
    const previous = chosenId
    setError(null)
    setRefusal(null)
    setShowPickup(pickup)
    setChosenId(id)
    setIsLoading(true)
    const result = await chooseShippingOption(id)
    setIsLoading(false)
    if (result.ok) return
    setChosenId(previous)
    setRefusal({ optionId: id, problems: result.problems })
    // Medusa's sentence when the plugin gave no problems (another provider's refusal).
    if (!result.problems.length) setError(result.message)
  }

  const price = (option: HttpTypes.StoreCartShippingOption) => {
    const amount =
      option.price_type === "calculated"
        ? calculatedPrices[option.id]
        : option.amount
    if (typeof amount === "number")
      return convertToLocale({ amount, currency_code: cart.currency_code })
    return option.price_type === "calculated" && isLoadingPrices ? (
      <Loader />
    ) : (
      "-"
    )
  }

  // A problem with the address or email is fixed in the address step, which shows it at its input.
  const editHref = (field: string) =>
    refusal && (field === "email" || field.startsWith("shipping_address."))
      ? `${pathname}?step=address&shipping_option=${encodeURIComponent(refusal.optionId)}`
      : undefined

  const itemTitles = Object.fromEntries(
    (cart.items ?? []).map((i) => [i.id, i.product_title ?? i.title])
  )

  return (
    <div className="bg-white">
      <div className="mb-6 flex flex-row items-center justify-between">
        <Heading
          level="h2"
          className={clx(
            "flex flex-row items-baseline gap-x-2 text-3xl-regular",
            { "pointer-events-none select-none opacity-50": !isOpen && !chosen }
          )}
        >
          Delivery
          {!isOpen && chosen && <CheckCircleSolid />}
        </Heading>
        {!isOpen &&
          cart.shipping_address &&
          cart.billing_address &&
          cart.email && (
            <Text>
              <button
                onClick={() =>
                  router.push(`${pathname}?step=delivery`, { scroll: false })
                }
                className="text-ui-fg-interactive hover:text-ui-fg-interactive-hover"
                data-testid="edit-delivery-button"
              >
                Edit
              </button>
            </Text>
          )}
      </div>
      {isOpen ? (
        <>
          <div className="grid">
            <div className="flex flex-col">
              <span className="txt-medium font-medium text-ui-fg-base">
                Shipping method
              </span>
              <span className="txt-medium mb-4 text-ui-fg-muted">
                How would you like your order delivered
              </span>
            </div>
            <div
              className="pb-8 pt-2 md:pt-0"
              data-testid="delivery-options-container"
            >
              {pickupOptions.length > 0 && (
                <RadioGroup
                  value={showPickup}
                  onChange={(_pickup: boolean) => {
                    const open = pickupOptions.find(
                      (o) => !o.insufficient_inventory
                    )
                    if (open) handleSetShippingMethod(open.id, true)
                  }}
                >
                  <Radio
                    value={true}
                    className={clx(OPTION_CLASS, {
                      "border-ui-border-interactive": showPickup,
                    })}
                    data-testid="delivery-option-radio"
                  >
                    <div className="flex items-center gap-x-4">
                      <MedusaRadio checked={showPickup} />
                      <span className="text-base-regular">
                        Pick up your order
                      </span>
                    </div>
                    <span className="justify-self-end text-ui-fg-base">-</span>
                  </Radio>
                </RadioGroup>
              )}
              <RadioGroup
                value={showPickup ? null : chosenId}
                onChange={(id: string | null) =>
                  id && handleSetShippingMethod(id, false)
                }
              >
                {shippingOptions.map((option) => (
                  // An option its provider could not price stays choosable: choosing it says why.
                  <OptionRadio
                    key={option.id}
                    option={option}
                    checked={!showPickup && option.id === chosenId}
                    price={price(option)}
                  >
                    <DeliveryPromise
                      promise={promiseFor(deliveryPromises, option.id)}
                    />
                  </OptionRadio>
                ))}
              </RadioGroup>
            </div>
          </div>

          {showPickup && (
            <div className="grid">
              <div className="flex flex-col">
                <span className="txt-medium font-medium text-ui-fg-base">
                  Store
                </span>
                <span className="txt-medium mb-4 text-ui-fg-muted">
                  Choose a store near you
                </span>
              </div>
              <div
                className="pb-8 pt-2 md:pt-0"
                data-testid="delivery-options-container"
              >
                <RadioGroup
                  value={chosenId}
                  onChange={(id: string | null) =>
                    id && handleSetShippingMethod(id, true)
                  }
                >
                  {pickupOptions.map((option) => (
                    <OptionRadio
                      key={option.id}
                      option={option}
                      checked={option.id === chosenId}
                      disabled={option.insufficient_inventory}
                      price={price(option)}
                    >
                      <span className="text-base-regular text-ui-fg-muted">
                        {pickupAddress(option)}
                      </span>
                    </OptionRadio>
                  ))}
                </RadioGroup>
              </div>
            </div>
          )}

          <div className="flex flex-col gap-y-4">
            <ErrorMessage
              error={error}
              data-testid="delivery-option-error-message"
            />
            <CheckoutProblems
              problems={refusal?.problems}
              editHref={editHref}
              itemTitles={itemTitles}
            />
            <Button
              size="large"
              className="self-start"
              onClick={() =>
                router.push(`${pathname}?step=payment`, { scroll: false })
              }
              isLoading={isLoading}
              disabled={!cart.shipping_methods?.length}
              data-testid="submit-delivery-option-button"
            >
              Continue to payment
            </Button>
          </div>
        </>
      ) : (
        <div className="text-small-regular">
          {chosen && (
            <div className="flex w-1/3 flex-col" data-testid="delivery-summary">
              <Text className="txt-medium-plus mb-1 text-ui-fg-base">
                Method
              </Text>
              <Text className="txt-medium text-ui-fg-subtle">
                {chosen.name}{" "}
                {convertToLocale({
                  amount: chosen.amount,
                  currency_code: cart.currency_code,
                })}
              </Text>
            </div>
          )}
        </div>
      )}
      <Divider className="mt-8" />
    </div>
  )
}
