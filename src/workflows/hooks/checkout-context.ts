import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { isOurProvider } from "../../options/resolve"
import type { MedusaAddressLike } from "../../providers/shipping-services/mapping/address"

/** As Medusa gives them to validateFulfillmentData. */
export const CART_FIELDS_FOR_CHECKOUT = [
  "id",
  "email",
  "currency_code",
  "metadata",
  "completed_at",
  "sales_channel_id",
  "items.*",
  "items.variant.id",
  "items.variant.weight",
  "items.variant.length",
  "items.variant.height",
  "items.variant.width",
  "items.variant.material",
  "items.variant.product.id",
  "items.product.id",
  "items.product.weight",
  "shipping_address.*",
  "shipping_methods.id",
  "shipping_methods.shipping_option_id",
  "shipping_methods.data",
]

export type OurShippingOption = {
  id: string
  provider_id: string
  data: Record<string, unknown> | null
  service_zone?: {
    fulfillment_set?: {
      location?: {
        id?: string
        name?: string | null
        address?: Record<string, unknown> | null
      }
    }
  }
}

export type CheckoutCart = {
  id: string
  completed_at?: string | Date | null
  shipping_methods?: {
    id: string
    shipping_option_id?: string | null
    data?: Record<string, unknown> | null
  }[]
  [key: string]: unknown
}

export async function cartForCheckout(
  container: MedusaContainer,
  cartId: string
): Promise<CheckoutCart | undefined> {
  if (!cartId) return undefined
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "cart",
    fields: CART_FIELDS_FOR_CHECKOUT,
    filters: { id: cartId },
  })
  return data[0] as CheckoutCart | undefined
}

/** With their stock location's address. */
export async function ourShippingOptions(
  container: MedusaContainer,
  optionIds: string[]
): Promise<OurShippingOption[]> {
  if (!optionIds.length) return []
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "shipping_option",
    fields: [
      "id",
      "provider_id",
      "data",
      "service_zone.fulfillment_set.location.id",
      "service_zone.fulfillment_set.location.name",
      "service_zone.fulfillment_set.location.address.*",
    ],
    filters: { id: optionIds },
  })
  return (data as OurShippingOption[]).filter((o) =>
    isOurProvider(o.provider_id)
  )
}

/** Medusa's `from_location`. */
export function optionLocationOf(option: OurShippingOption): {
  id?: string
  name?: string | null
  address?: MedusaAddressLike | null
} {
  const location = option.service_zone?.fulfillment_set?.location
  return {
    id: location?.id,
    name: location?.name,
    address: location?.address as MedusaAddressLike | null | undefined,
  }
}

export function validationContextOf(
  cart: CheckoutCart,
  option: OurShippingOption
): Record<string, unknown> {
  return {
    ...cart,
    from_location: option.service_zone?.fulfillment_set?.location ?? {},
  }
}
