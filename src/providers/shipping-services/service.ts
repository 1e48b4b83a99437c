import { AbstractFulfillmentProviderService, MedusaError } from "@medusajs/framework/utils"
import type {
  CalculatedShippingOptionPrice,
  CalculateShippingOptionPriceDTO,
  CreateFulfillmentResult,
  CreateShippingOptionDTO,
  FulfillmentOption,
  Logger,
  ValidateFulfillmentDataContext,
} from "@medusajs/framework/types"
import { randomTransactionId } from "../../shipping-api/client/create-flow"
import { CARRIER_OF_VARIANT } from "../../shipping-api/constants"
import { voidRefusal } from "../../shipping-api/rules/void"
import { optionsFromConfig, PROVIDER_IDENTIFIER, sharedShippingClient, type PluginOptions, type ServiceOption } from "../../options"
import type { ShipmentRecord } from "../../modules/shipping-services/models"
import { findService, listFulfillmentOptions } from "./fulfillment-options"
import { fromMedusaAddress, type MedusaAddressLike, type ServiceAddress } from "./mapping/address"
import { buildShipmentRequest, type BuildShipmentInput } from "./mapping/build-shipment"
import { laneViolations } from "./mapping/lane"
import { ratesRequestOf, requestKeyOf, shippedLines } from "./mapping/fulfillment-input"
import type { OrderLike } from "./mapping/types"
import { registryPorts, type ProviderPorts } from "./ports"
import { purchaseLabel, toMedusaError, type LabelClient } from "./purchase"
import { DATA_KEY, labelUrlOf, shipmentRefOf, trackingUrlOf, type ShipmentDataRef } from "./result"

type InjectedDependencies = {
  logger: Logger
  configModule?: { modules?: Record<string, unknown> }
  /** The fulfillment module's own services, in the provider's container. */
  fulfillmentService?: { list(filters: Record<string, unknown>, config?: Record<string, unknown>): Promise<{ id: string }[]> }
  shippingOptionService?: { retrieve(id: string, config?: Record<string, unknown>): Promise<{ data?: Record<string, unknown> | null }> }
  /** Tests replace the ports to Medusa's other modules. */
  shippingServicesPorts?: ProviderPorts
}

const invalid = (message: string) => new MedusaError(MedusaError.Types.INVALID_DATA, message)

/**
 * The fulfillment provider (one identifier, one fulfillment option per configured service).
 * Medusa gives providers only their own entry's options, so this one reads the plugin's options
 * from configModule and lets its own entry override them. The work is in pure builders
 * (./mapping) and the label journal (./purchase); this class adapts Medusa's calls to them.
 */
export class ShippingServicesProviderService extends AbstractFulfillmentProviderService {
  static override identifier = PROVIDER_IDENTIFIER

  protected readonly logger_: Logger
  protected readonly options_: PluginOptions
  protected readonly ports_: ProviderPorts
  protected readonly container_: InjectedDependencies

  constructor(container: InjectedDependencies, providerOptions?: Record<string, unknown>) {
    super()
    this.container_ = container
    this.logger_ = container.logger
    this.options_ = optionsFromConfig(container.configModule, providerOptions)
    this.ports_ = (safeResolve(() => container.shippingServicesPorts) as ProviderPorts | undefined) ?? registryPorts
  }

  protected client(): LabelClient & ReturnType<typeof sharedShippingClient> {
    return sharedShippingClient(this.options_, {
      debug: (m) => this.logger_.debug(m),
      warn: (m) => this.logger_.warn(m),
      error: (m) => this.logger_.error(m),
    })
  }

  override async getFulfillmentOptions(): Promise<FulfillmentOption[]> {
    return listFulfillmentOptions(this.options_)
  }

  override async validateOption(data: Record<string, unknown>): Promise<boolean> {
    this.serviceOf(data)
    return true
  }

  /**
   * At checkout: refuses an option that cannot ship this cart's lane (standard is domestic only,
   * cross-border needs a destination abroad, an allowed class for the origin, the origin's
   * currency…), in words, before any label is bought. The result becomes the shipping method's
   * data, so createFulfillment knows the option.
   */
  override async validateFulfillmentData(
    optionData: Record<string, unknown>,
    data: Record<string, unknown>,
    context: ValidateFulfillmentDataContext
  ): Promise<Record<string, unknown>> {
    const service = this.serviceOf(optionData)
    const to = context?.shipping_address as MedusaAddressLike | undefined
    const from = (context?.from_location?.address as MedusaAddressLike | undefined) ?? undefined
    const problems = laneViolations(service, this.options_, {
      fromCountry: from?.country_code ?? this.options_.origin?.countryCode,
      toCountry: to?.country_code,
      toStateProvince: to?.province,
      currencyCode: (context as { currency_code?: string } | undefined)?.currency_code,
    })
    if (problems.length) {
      throw invalid(`${service.name} cannot ship this order: ${problems.map((p) => p.message).join("; ")}`)
    }
    return { ...data, option_id: service.id }
  }

  override async canCalculate(data: CreateShippingOptionDTO): Promise<boolean> {
    return !!findService(this.options_, data.data ?? undefined)
  }

  /** The rate of the option's service from the rates operation (doc 4), in the cart's currency. */
  override async calculatePrice(
    optionData: CalculateShippingOptionPriceDTO["optionData"],
    data: CalculateShippingOptionPriceDTO["data"],
    context: CalculateShippingOptionPriceDTO["context"]
  ): Promise<CalculatedShippingOptionPrice> {
    const service = this.serviceOf(optionData)
    const cart = context as unknown as {
      currency_code?: string
      shipping_address?: MedusaAddressLike | null
      items?: OrderLike["items"]
      from_location?: { address?: MedusaAddressLike | null } | null
    }
    // Medusa pre-fills a cart's country from a one-country region: a price needs the postal code too.
    if (!cart.shipping_address?.country_code || !cart.shipping_address.postal_code) {
      throw invalid(`Add a shipping address (postal code and country) to get a price for ${service.name}`)
    }
    const origin = this.originOf(cart.from_location?.address ?? undefined)
    const built = buildShipmentRequest({
      order: { id: "cart", currency_code: cart.currency_code, shipping_address: cart.shipping_address, items: cart.items ?? [] },
      lines: (cart.items ?? []).map((line) => ({ line, quantity: Number(line.quantity ?? 1) })),
      service,
      options: this.options_,
      origin,
      direction: "outbound",
    })
    if (!built.ok) {
      throw invalid(`${service.name} cannot be priced: ${built.violations.map((v) => v.message).join("; ")}`)
    }
    try {
      const rates = await this.client().getRates(ratesRequestOf(built.value.request), {
        includeDeliveryCommitment: built.value.includeDeliveryCommitment,
        apac: service.apac,
      })
      const entry = rates.rates?.find((r) => r.serviceId === service.serviceId) ?? (rates.rates?.length === 1 ? rates.rates[0] : undefined)
      if (entry?.totalCarrierCharge === undefined) {
        throw invalid(`The shipping service gave no rate for ${service.name}`)
      }
      const currency = entry.currencyCode?.toLowerCase()
      if (currency && cart.currency_code && currency !== cart.currency_code.toLowerCase()) {
        throw invalid(`${service.name} is priced in ${currency.toUpperCase()}, the cart is in ${cart.currency_code.toUpperCase()}: use a flat price for it`)
      }
      return { calculated_amount: entry.totalCarrierCharge, is_calculated_price_tax_inclusive: false }
    } catch (error) {
      throw toMedusaError(error)
    }
  }

  override async createFulfillment(
    data: Record<string, unknown>,
    items: { line_item_id?: string | null; quantity?: number | string | null }[],
    order: Record<string, unknown> | undefined,
    fulfillment: { id?: string; location_id?: string; shipping_option_id?: string | null },
    _additionalData?: Record<string, unknown>
  ): Promise<CreateFulfillmentResult> {
    const service = await this.serviceOfFulfillment(data, fulfillment)
    if (!order) throw invalid("createFulfillment needs the order")
    const orderLike = await this.withCatalog(order as unknown as OrderLike)
    const origin = this.originOf(fulfillment.location_id ? await this.ports_.stockLocationAddress(fulfillment.location_id) : undefined)
    const ref = await this.buy({
      build: { order: orderLike, lines: shippedLines(orderLike, items), service, options: this.options_, origin, direction: "outbound" },
      fulfillmentId: fulfillment.id ?? null,
      orderId: orderLike.id,
      items,
    })
    return { data: { ...data, [DATA_KEY]: ref.data }, labels: [ref.label] }
  }

  /**
   * A return label: from the customer to the return location (Medusa passes that location's
   * address as delivery_address, and no order: it is found from the returned lines).
   */
  override async createReturnFulfillment(fulfillment: Record<string, unknown>): Promise<CreateFulfillmentResult> {
    const f = fulfillment as {
      id?: string
      location_id?: string
      items?: { line_item_id?: string | null; quantity?: number | string | null }[]
      delivery_address?: MedusaAddressLike | null
      shipping_option?: { data?: Record<string, unknown> | null } | null
      data?: Record<string, unknown> | null
    }
    const service = this.serviceOf(f.shipping_option?.data ?? f.data ?? undefined)
    // Medusa hands over the fulfillment entity: its items may be an ORM collection.
    const items = asArray<{ line_item_id?: string | null; quantity?: number | string | null }>(f.items)
    const order = await this.ports_.orderOfLineItems(items.map((i) => i.line_item_id).filter((id): id is string => !!id))
    if (!order) throw invalid("The order of this return was not found")
    const orderLike = await this.withCatalog(order as unknown as OrderLike)
    const location = f.delivery_address?.country_code ? f.delivery_address : f.location_id ? await this.ports_.stockLocationAddress(f.location_id) : undefined
    const ref = await this.buy({
      build: { order: orderLike, lines: shippedLines(orderLike, items), service, options: this.options_, origin: this.originOf(location ?? undefined), direction: "return" },
      fulfillmentId: f.id ?? null,
      orderId: orderLike.id,
      items,
    })
    return { data: { ...(f.data ?? {}), [DATA_KEY]: ref.data }, labels: [ref.label] }
  }

  /**
   * Voids the label (doc 4). Tolerates a second call, an already voided shipment and Medusa's
   * compensation (called when a later step fails); refuses outside the void windows, in words.
   */
  override async cancelFulfillment(data: Record<string, unknown>): Promise<Record<string, unknown>> {
    const ref = shipmentRefOf(data)
    if (!ref) return {}
    const journal = this.ports_.shipments()
    const [row] = await journal.listShipments({ id: ref.shipment_id })
    if (!row || row.status === "voided" || row.status !== "created" || !row.shipment_id) {
      return { voided: row?.status === "voided" }
    }
    const refusal = voidRefusal(
      { carrier: CARRIER_OF_VARIANT[row.variant], createdAt: new Date(row.created_at), isReturn: row.is_return, parcelType: row.parcel_type },
      Date.now()
    )
    if (refusal) {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `The label ${row.tracking_number} cannot be voided: ${refusal.message}`)
    }
    try {
      const result = await this.client().voidShipment(row.shipment_id, {
        carrier: CARRIER_OF_VARIANT[row.variant],
        transactionId: randomTransactionId(),
        carrierAccountId: this.options_.shipper.carrierAccountId,
      })
      await journal.updateShipments({
        id: row.id,
        status: "voided",
        voided_at: new Date(),
        void_status: result.alreadyVoided ? "ALREADY_VOIDED" : result.status ?? null,
      })
      return { voided: true }
    } catch (error) {
      throw toMedusaError(error)
    }
  }

  // --- helpers -------------------------------------------------------------------------------

  protected serviceOf(optionData: Record<string, unknown> | undefined | null): ServiceOption {
    const service = findService(this.options_, optionData ?? undefined)
    if (!service) {
      throw invalid(`Unknown shipping-services option "${String(optionData?.id)}": enable it under the plugin's services option`)
    }
    return service
  }

  /** The option of a fulfillment: the shipping method's data, else the shipping option's. */
  protected async serviceOfFulfillment(data: Record<string, unknown>, fulfillment: { shipping_option_id?: string | null }): Promise<ServiceOption> {
    const id = typeof data?.option_id === "string" ? data.option_id : undefined
    if (id) return this.serviceOf({ id })
    if (fulfillment.shipping_option_id && this.container_.shippingOptionService) {
      const option = await this.container_.shippingOptionService.retrieve(fulfillment.shipping_option_id, { select: ["id", "data"] })
      return this.serviceOf(option.data ?? undefined)
    }
    throw invalid("This fulfillment's shipping option is not a shipping-services option")
  }

  /** The stock location's address; the configured origin fills what it lacks (name, email). */
  protected originOf(location: MedusaAddressLike | null | undefined): ServiceAddress {
    const configured = this.options_.origin
    if (location?.country_code) {
      const mapped = fromMedusaAddress(location, { residential: false })
      return {
        ...mapped,
        name: mapped.name ?? configured?.name ?? this.options_.contact?.name ?? mapped.company,
        company: mapped.company ?? configured?.company ?? this.options_.contact?.company,
        phone: mapped.phone ?? configured?.phone,
        email: configured?.email,
      }
    }
    if (configured) return { ...configured, residential: configured.residential ?? false }
    throw invalid("No origin address: give the stock location an address, or set the plugin's origin option")
  }

  /** Adds product weights and sizes the order query leaves out (variant data stays first). */
  protected async withCatalog(order: OrderLike): Promise<OrderLike> {
    const missing = (order.items ?? []).filter((i) => i.variant?.weight == null && i.product_id && !i.variant?.product?.weight)
    if (!missing.length) return order
    const products = await this.ports_.products([...new Set(missing.map((i) => i.product_id as string))])
    const byId = new Map(products.map((p) => [p.id, p]))
    return { ...order, items: (order.items ?? []).map((i) => (i.product_id && byId.has(i.product_id) ? { ...i, product: byId.get(i.product_id) } : i)) }
  }

  protected async buy(input: {
    build: BuildShipmentInput
    fulfillmentId: string | null
    orderId: string
    items: { line_item_id?: string | null; quantity?: number | string | null }[]
  }): Promise<{ data: ShipmentDataRef; label: { tracking_number: string; tracking_url: string; label_url: string } }> {
    const built = buildShipmentRequest(input.build)
    if (!built.ok) {
      throw invalid(`The shipment cannot be created: ${built.violations.map((v) => v.message).join("; ")}`)
    }
    const service = input.build.service
    const row = await purchaseLabel(this.ports_.shipments(), this.client(), {
      requestKey: requestKeyOf(input.orderId, input.build.direction, input.items),
      reusable: (r) => this.reusable(r, input.fulfillmentId),
      fulfillmentId: input.fulfillmentId,
      orderId: input.orderId,
      service,
      built: built.value,
      isReturn: input.build.direction === "return",
    })
    return refOf(row, service, this.options_)
  }

  /** See PurchaseInput.reusable. */
  protected async reusable(row: ShipmentRecord, fulfillmentId: string | null): Promise<boolean> {
    if (!row.fulfillment_id || row.fulfillment_id === fulfillmentId) return true
    const fulfillments = this.container_.fulfillmentService
    if (!fulfillments) return false
    const alive = await fulfillments.list({ id: row.fulfillment_id }, { select: ["id", "canceled_at"] })
    return !alive.length
  }
}

function refOf(row: ShipmentRecord, service: ServiceOption, options: PluginOptions) {
  const tracking = row.tracking_number ?? ""
  return {
    data: {
      shipment_id: row.id,
      tracking_number: row.tracking_number,
      carrier: row.carrier,
      service_id: row.service_id,
      option_id: service.id,
      is_return: row.is_return,
    },
    label: {
      tracking_number: tracking,
      tracking_url: tracking ? trackingUrlOf(options, tracking, row.carrier) : "",
      label_url: labelUrlOf(options, row.id),
    },
  }
}

function asArray<T>(value: unknown): T[] {
  if (Array.isArray(value)) return value as T[]
  const collection = value as { getItems?: () => T[]; toArray?: () => T[] } | null | undefined
  return collection?.getItems?.() ?? collection?.toArray?.() ?? []
}

/** Awilix throws on unregistered names; optional dependencies read as undefined. */
function safeResolve<T>(read: () => T): T | undefined {
  try {
    return read()
  } catch {
    return undefined
  }
}

export default ShippingServicesProviderService
