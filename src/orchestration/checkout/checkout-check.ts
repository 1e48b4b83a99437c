import type { MedusaContainer } from "@medusajs/framework/types"
import {
  ContainerRegistrationKeys,
  MedusaError,
  Modules,
} from "@medusajs/framework/utils"
import {
  optionsFromConfig,
  PROVIDER_IDENTIFIER,
  type PluginOptions,
} from "../../options"
import { pluginClient } from "../../lib/plugin-client"
import { findService } from "../../providers/shipping-services/fulfillment-options"
import {
  CHECKOUT_REFUSED_CODE,
  checkCart,
  type CartForCheckout,
} from "../../providers/shipping-services/checkout"
import {
  checkoutRefusalMessage,
  type CheckoutProblem,
} from "../../providers/shipping-services/mapping/checkout-problems"
import { registryPorts } from "../../providers/shipping-services/ports"
import {
  cartForCheckout,
  optionLocationOf,
  ourShippingOptions,
  type OurShippingOption,
} from "../../workflows/hooks/checkout-context"

export type CartCheck = {
  option_id: string
  /** options.services[].id, with its name. */
  service_id: string
  service_name: string
  shippable: boolean
  problems: CheckoutProblem[]
  /** Per warehouse the cart ships from: its lines and what stops them. */
  locations: {
    location_id: string | null
    name: string | null
    item_ids: string[]
    shippable: boolean
    problems: CheckoutProblem[]
  }[]
}

/** The plugin's options overridden field by field by the provider entry the shipping option names. */
const parsed = new WeakMap<object, Map<string, PluginOptions>>()

export function providerOptions(
  container: MedusaContainer,
  providerId: string
): PluginOptions {
  const config = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE)
  // Parsed once per configuration and provider: the store's check route is hot.
  const cache = parsed.get(config) ?? new Map<string, PluginOptions>()
  parsed.set(config, cache)
  const known = cache.get(providerId)
  if (known) return known
  const options = parseProviderOptions(config, providerId)
  cache.set(providerId, options)
  return options
}

function parseProviderOptions(
  configModule: unknown,
  providerId: string
): PluginOptions {
  const config = configModule as { modules?: Record<string, unknown> }
  const id = providerId.slice(PROVIDER_IDENTIFIER.length + 1)
  const fulfillment = config.modules?.fulfillment as
    | { options?: { providers?: { id?: string; options?: unknown }[] } }
    | undefined
  const entry = fulfillment?.options?.providers?.find((p) => p.id === id)
  return optionsFromConfig(config, entry?.options)
}

/** As checkout will, changing nothing: the store's check route and the details of a refusal. */
export async function checkCartForOptions(
  container: MedusaContainer,
  cartId: string,
  optionIds: string[]
): Promise<CartCheck[]> {
  const cart = await cartForCheckout(container, cartId)
  if (!cart)
    throw new MedusaError(
      MedusaError.Types.NOT_FOUND,
      `Cart with id: ${cartId} was not found`
    )
  return checkAgainstOptions(container, cart, optionIds)
}

async function checkAgainstOptions(
  container: MedusaContainer,
  cart: CartForCheckout,
  optionIds: string[]
): Promise<CartCheck[]> {
  const options = await ourShippingOptions(container, optionIds)
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER)
  const checks: CartCheck[] = []
  for (const option of options) {
    checks.push(await checkOption(container, cart, option, logger))
  }
  return checks
}

async function checkOption(
  container: MedusaContainer,
  cart: CartForCheckout,
  option: OurShippingOption,
  logger: Parameters<typeof pluginClient>[1]
): Promise<CartCheck> {
  const options = providerOptions(container, option.provider_id)
  const service = findService(options, option.data ?? undefined)
  if (!service)
    return {
      option_id: option.id,
      service_id: String(option.data?.id ?? ""),
      service_name: String(option.data?.name ?? option.id),
      shippable: false,
      problems: [
        {
          field: "shipping_method",
          message: "This shipping option is not available",
          fix: "merchant",
          rule: "checkout.service.unknown",
          detail: `the option's service "${String(option.data?.id)}" is not in the plugin's services option`,
        },
      ],
      locations: [],
    }
  const check = await checkCart(
    {
      options,
      ports: registryPorts,
      client: () => pluginClient(options, logger),
    },
    service,
    cart,
    optionLocationOf(option)
  )
  return {
    option_id: option.id,
    service_id: service.id,
    service_name: service.name,
    shippable: !check.problems.length,
    problems: check.problems,
    locations: check.locations.map((l) => ({
      location_id: l.location_id,
      name: l.name,
      item_ids: l.item_ids,
      shippable: !l.problems.length,
      problems: l.problems,
    })),
  }
}

/** At cart completion. */
export async function checkCartShippingMethods(
  container: MedusaContainer,
  cartId: string
): Promise<CartCheck[]> {
  const cart = await cartForCheckout(container, cartId)
  const optionIds = (cart?.shipping_methods ?? [])
    .map((m) => m.shipping_option_id)
    .filter((id): id is string => !!id)
  return optionIds.length
    ? checkCartForOptions(container, cartId, optionIds)
    : []
}

type OrderForCheck = Omit<CartForCheckout, "items"> & {
  shipping_methods?: { shipping_option_id?: string | null }[] | null
  items?: (NonNullable<CartForCheckout["items"]>[number] & {
    detail?: { quantity?: unknown; fulfilled_quantity?: unknown } | null
  })[]
}

/** Each line's quantity less what was fulfilled. */
function toShip(order: OrderForCheck): OrderForCheck {
  return {
    ...order,
    items: (order.items ?? []).map((item) => ({
      ...item,
      quantity:
        item.detail?.quantity !== undefined
          ? Number(item.detail.quantity) -
            Number(item.detail.fulfilled_quantity ?? 0)
          : item.quantity,
    })),
  }
}

/** Draft-order conversions and order edits bypass checkout: the same dry run on what is left to ship (400 if refused). */
export async function refuseUnshippableOrder(
  container: MedusaContainer,
  source: { draftOrderId: string } | { editedOrderId: string }
): Promise<void> {
  const order =
    "draftOrderId" in source
      ? await orderForCheck(container, source.draftOrderId, true)
      : await editedOrderForCheck(container, source.editedOrderId)
  if (!order) return
  const optionIds = (order.shipping_methods ?? [])
    .map((m) => m.shipping_option_id)
    .filter((id): id is string => !!id)
  if (!optionIds.length) return
  const checks = await checkAgainstOptions(container, toShip(order), optionIds)
  const refused = checks.filter((c) => !c.shippable)
  if (!refused.length) return
  throw new MedusaError(
    MedusaError.Types.INVALID_DATA,
    refused
      .map((c) => checkoutRefusalMessage(c.service_name, c.problems))
      .join(" "),
    CHECKOUT_REFUSED_CODE
  )
}

const ORDER_FIELDS = [
  "id",
  "email",
  "currency_code",
  "metadata",
  "items.*",
  "items.detail.*",
  "shipping_address.*",
  "shipping_methods.shipping_option_id",
]

async function orderForCheck(
  container: MedusaContainer,
  orderId: string,
  draft = false
): Promise<OrderForCheck | undefined> {
  // An empty filter would read every order.
  if (!orderId) return undefined
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({
    entity: "order",
    fields: ORDER_FIELDS,
    // Medusa reads draft orders only when asked for them.
    filters: { id: orderId, ...(draft ? { is_draft_order: true } : {}) },
  })
  return data[0] as OrderForCheck | undefined
}

/** Medusa's own preview of the pending edit. */
async function editedOrderForCheck(
  container: MedusaContainer,
  orderId: string
): Promise<OrderForCheck | undefined> {
  const order = await orderForCheck(container, orderId)
  if (!order) return undefined
  const preview = (await container
    .resolve(Modules.ORDER)
    .previewOrderChange(orderId)
    .catch(() => undefined)) as unknown as OrderForCheck | undefined
  return preview
    ? {
        ...order,
        items: preview.items ?? order.items,
        shipping_methods: preview.shipping_methods ?? order.shipping_methods,
      }
    : order
}
