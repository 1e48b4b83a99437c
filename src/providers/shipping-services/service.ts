import {
  AbstractFulfillmentProviderService,
  MedusaError,
} from "@medusajs/framework/utils"
import type {
  CalculatedShippingOptionPrice,
  CalculateShippingOptionPriceDTO,
  CreateFulfillmentResult,
  CreateShippingOptionDTO,
  FulfillmentOption,
  Logger,
  ValidateFulfillmentDataContext,
} from "@medusajs/framework/types"
import {
  optionsFromConfig,
  PROVIDER_IDENTIFIER,
  type PluginOptions,
  type ServiceOption,
} from "../../options"
import type { ShipmentRecord } from "../../modules/shipping-services/models"
import {
  findService,
  listFulfillmentOptions,
  unknownServiceMessage,
} from "./fulfillment-options"
import {
  fromMedusaAddress,
  type MedusaAddressLike,
  type ServiceAddress,
} from "./mapping/address"
import type { BuildShipmentInput } from "./mapping/build-shipment"
import { shippedLines } from "./mapping/fulfillment-input"
import type { ChosenParcel } from "./mapping/packing"
import { originAddressOf } from "./mapping/origin"
import { checkoutRefusalMessage } from "./mapping/checkout-problems"
import { withCatalog } from "./catalog"
import {
  CHECKOUT_REFUSED_CODE,
  checkCart,
  logMerchantProblems,
  NO_ORIGIN,
  type CartForCheckout,
  type CheckoutCheck,
} from "./checkout"
import type { OrderLike } from "./mapping/types"
import { toMedusaError } from "./medusa-error"
import { registryPorts, type ProviderPorts } from "./ports"
import type { LabelClient } from "./purchase"
import {
  buyParcels,
  reusableLabel,
  type ParcelPurchaseDeps,
} from "./parcel-purchase"
import {
  returnDestination,
  returnLabel,
  type ReturnedLine,
} from "./return-label"
import {
  priceOption,
  shownAtCheckout,
  UNPRICED_CODE,
  type PricingDeps,
} from "./pricing"
import { processQuotes } from "./quotes"
import { rmaCartOf, type RmaContext } from "./rma-cart"
import type { OptionLocation } from "./warehouses"
import { returnLabelScans, voidShipmentRow } from "./void-shipment"
import { returnLabelRefusal } from "../../lib/returns/cancel"
import {
  awaitingReturnLabelData,
  DATA_KEY,
  dataRefOf,
  medusaLabelsOf,
  shipmentRefOf,
} from "../../lib/shipments/fulfillment-data"
import { chosenParcelsOf } from "../../lib/shipments/additional-data"
import { pluginClient } from "../../lib/plugin-client"
import type { ShippingClient } from "../../shipping-api/client"
import {
  FULFILLMENT_DOCUMENT_TYPES,
  fulfillmentDocumentsOf,
  type FulfillmentDocument,
  type FulfillmentDocumentType,
} from "../../lib/batches/fulfillment-documents"
import type { LabelOfOrder, OrderLine } from "../../lib/batches/print-order"
import type { Address } from "../../shipping-api/schemas/address"
import {
  returnQuantityViolations,
  type OrderLineQuantities,
} from "../../lib/returns/returnable"

type InjectedDependencies = {
  logger: Logger
  configModule?: { modules?: Record<string, unknown> }
  /** The fulfillment module's own services, in the provider's container. */
  fulfillmentService?: {
    list(
      filters: Record<string, unknown>,
      config?: Record<string, unknown>
    ): Promise<
      {
        id: string
        canceled_at?: Date | string | null
        data?: Record<string, unknown> | null
      }[]
    >
  }
  shippingOptionService?: {
    retrieve(
      id: string,
      config?: Record<string, unknown>
    ): Promise<{ data?: Record<string, unknown> | null }>
  }
  /** Tests replace the ports to Medusa's other modules. */
  shippingServicesPorts?: ProviderPorts
}

const invalid = (message: string) =>
  new MedusaError(MedusaError.Types.INVALID_DATA, message)

/**
 * The fulfillment provider (one identifier, one fulfillment option per configured service).
 * Medusa gives providers only their own entry's options, so this one reads the plugin's options
 * from configModule and lets its own entry override them. The work is in pure builders
 * (./mapping) and the label journal (./purchase); this class adapts Medusa's calls to them.
 */
/**
 * What the document hooks answer. Medusa declares them as Promise<never[]> / Promise<void>,
 * though the code that calls them receives the documents.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the declared types cannot hold documents
type DocumentsAnswer = any

export class ShippingServicesProviderService extends AbstractFulfillmentProviderService {
  static override identifier = PROVIDER_IDENTIFIER

  protected readonly logger_: Logger
  protected readonly options_: PluginOptions
  protected readonly ports_: ProviderPorts
  protected readonly container_: InjectedDependencies

  constructor(
    container: InjectedDependencies,
    providerOptions?: Record<string, unknown>
  ) {
    super()
    this.container_ = container
    this.logger_ = container.logger
    this.options_ = optionsFromConfig(container.configModule, providerOptions)
    this.ports_ =
      (safeResolve(() => container.shippingServicesPorts) as
        ProviderPorts | undefined) ?? registryPorts
  }

  protected client(): LabelClient & ShippingClient {
    return pluginClient(this.options_, this.logger_)
  }

  override async getFulfillmentOptions(): Promise<FulfillmentOption[]> {
    return listFulfillmentOptions(this.options_)
  }

  override async validateOption(
    data: Record<string, unknown>
  ): Promise<boolean> {
    this.serviceOf(data)
    return true
  }

  /**
   * At checkout, when the shopper chooses one of our options (and again at cart completion, by
   * the plugin's completeCartWorkflow hook): the dry run of the label purchase (checkout.ts)
   * refuses, in the shopper's words, a cart the service would refuse, before anything is paid.
   * The result becomes the shipping method's data, so createFulfillment knows the option.
   */
  override async validateFulfillmentData(
    optionData: Record<string, unknown>,
    data: Record<string, unknown>,
    context: ValidateFulfillmentDataContext
  ): Promise<Record<string, unknown>> {
    const service = this.serviceOf(optionData)
    const check = await this.checkCart(
      service,
      await this.withCartDetails(context as unknown as CartForCheckout),
      context?.from_location as OptionLocation
    )
    if (check.problems.length) throw this.refusal(service, check)
    // What the shopper was shown (no call: what checkout's pricing and promises kept): how the
    // price was had (a fallback while the service was away is marked for the admin) and the
    // delivery date promised. Kept on the shipping method, so on the order.
    const shown = check.parcels?.length
      ? await shownAtCheckout(
          this.pricing(),
          service,
          check.parcels,
          context?.currency_code as string | undefined
        )
      : { price: null, promise: null }
    return {
      ...data,
      option_id: service.id,
      ...(shown.price ? { price_quote: shown.price } : {}),
      ...(shown.promise ? { delivery_promise: shown.promise } : {}),
    }
  }

  override async canCalculate(data: CreateShippingOptionDTO): Promise<boolean> {
    return !!findService(this.options_, data.data ?? undefined)
  }

  /**
   * The postage of what the purchase will buy (doc 4 rates): the cart packed and built as the
   * label purchase will (checkout.ts), one rate per parcel, summed, in the cart's currency. A cart
   * the service would refuse gets no price, in the same words as at checkout.
   */
  override async calculatePrice(
    optionData: CalculateShippingOptionPriceDTO["optionData"],
    data: CalculateShippingOptionPriceDTO["data"],
    context: CalculateShippingOptionPriceDTO["context"]
  ): Promise<CalculatedShippingOptionPrice> {
    const service = this.serviceOf(optionData)
    const given = context as unknown as CartForCheckout & {
      from_location?: OptionLocation
    }
    // An exchange's or a claim's outbound method: priced for what it sends, to the order's address.
    const rma = await rmaCartOf(
      this.ports_,
      context as unknown as RmaContext & Record<string, unknown>
    )
    const cart = rma ? { ...rma, from_location: given.from_location } : given
    // No address, or only the country Medusa pre-fills from a one-country region: the dry run
    // asks for what is missing, and no rates request is made.
    const check = await this.checkCart(
      service,
      await this.withCartDetails(cart),
      cart.from_location
    )
    if (check.problems.length || !check.parcels) {
      // A chosen method priced again after the cart changed (Medusa's refresh, on an address or
      // item change): no price drops the method and lets the change through; a throw would
      // refuse the shopper's change itself. Choosing the option again gives the refusal's words.
      if (typeof data?.option_id === "string")
        return {
          calculated_amount: undefined as unknown as number,
          is_calculated_price_tax_inclusive: false,
        }
      throw this.refusal(service, check)
    }
    try {
      const price = await priceOption(
        this.pricing(),
        service,
        check.parcels,
        cart.currency_code
      )
      return {
        calculated_amount: price.amount,
        is_calculated_price_tax_inclusive: false,
      }
    } catch (error) {
      // A method chosen earlier, priced again by a refresh: no price drops it (as above).
      if (
        typeof data?.option_id === "string" &&
        (error as { code?: unknown })?.code === UNPRICED_CODE
      )
        return {
          calculated_amount: undefined as unknown as number,
          is_calculated_price_tax_inclusive: false,
        }
      throw toMedusaError(error)
    }
  }

  /** What checkout's pricing needs: the client, the shop's outage, the quotes and their policy. */
  protected pricing(): PricingDeps {
    const { quotes } = this.options_
    return {
      client: () => this.client(),
      shipments: () => this.ports_.shipments(),
      quotes: processQuotes,
      policy: {
        ttlMs: quotes.ttlSeconds * 1000,
        keepMs: quotes.keepHours * 60 * 60_000,
      },
    }
  }

  /** The dry run with this provider's options, catalog and client (checkout.ts). */
  protected async checkCart(
    service: ServiceOption,
    cart: CartForCheckout,
    fromLocation: OptionLocation
  ): Promise<CheckoutCheck> {
    const check = await checkCart(
      {
        options: this.options_,
        ports: this.ports_,
        client: () => this.client(),
      },
      service,
      cart,
      fromLocation
    )
    logMerchantProblems(this.logger_, service, cart, check)
    return check
  }

  /**
   * Medusa's price context has no email or metadata (the importer's customs reference), and
   * its `calculate` route's no sales channel (whose locations Medusa reserves at): one read.
   */
  protected async withCartDetails(
    cart: CartForCheckout
  ): Promise<CartForCheckout> {
    if (
      (cart.metadata !== undefined && cart.sales_channel_id !== undefined) ||
      !cart.id?.startsWith("cart_")
    )
      return cart
    const details = await this.ports_.cartDetails(cart.id)
    return details
      ? {
          ...cart,
          email: cart.email ?? details.email,
          metadata: cart.metadata ?? details.metadata,
          sales_channel_id: cart.sales_channel_id ?? details.sales_channel_id,
        }
      : cart
  }

  protected refusal(service: ServiceOption, check: CheckoutCheck): MedusaError {
    return new MedusaError(
      MedusaError.Types.INVALID_DATA,
      checkoutRefusalMessage(service.name, check.problems),
      CHECKOUT_REFUSED_CODE
    )
  }

  override async createFulfillment(
    data: Record<string, unknown>,
    items: {
      line_item_id?: string | null
      quantity?: number | string | null
    }[],
    order: Record<string, unknown> | undefined,
    fulfillment: {
      id?: string
      location_id?: string
      shipping_option_id?: string | null
    },
    additionalData?: Record<string, unknown>
  ): Promise<CreateFulfillmentResult> {
    const service = await this.serviceOfFulfillment(data, fulfillment)
    if (!order) throw invalid("createFulfillment needs the order")
    const orderLike = await this.withCatalog(order as unknown as OrderLike)
    const origin = this.originOf(
      fulfillment.location_id
        ? await this.ports_.stockLocationAddress(fulfillment.location_id)
        : undefined
    )
    const rows = await this.buy({
      build: {
        order: orderLike,
        lines: shippedLines(orderLike, items),
        service,
        options: this.options_,
        origin,
        direction: "outbound",
      },
      fulfillmentId: fulfillment.id ?? null,
      orderId: orderLike.id,
      chosen: parcelsChosen(additionalData),
    })
    return {
      data: { ...data, [DATA_KEY]: dataRefOf(rows, fulfillment.id ?? null) },
      labels: medusaLabelsOf(rows, this.options_),
    }
  }

  /**
   * A return label: from the customer to the return location (Medusa passes that location's
   * address as delivery_address, and no order: it is found from the returned lines). The return
   * part of an exchange or a claim comes without returned lines (Medusa lists every order item,
   * with no line item id, and no return, order or customer): nothing is bought here, where
   * Medusa may still refuse the change and a return label cannot be voided. The fulfillment is
   * marked as waiting, and its label is bought once Medusa confirmed the change
   * (src/orchestration/returns/change-return-labels.ts).
   */
  override async createReturnFulfillment(
    fulfillment: Record<string, unknown>
  ): Promise<CreateFulfillmentResult> {
    const f = fulfillment as {
      id?: string
      location_id?: string
      items?: ReturnedLine[]
      delivery_address?: MedusaAddressLike | null
      shipping_option?: { data?: Record<string, unknown> | null } | null
      data?: Record<string, unknown> | null
    }
    const service = this.serviceOf(
      f.shipping_option?.data ?? f.data ?? undefined
    )
    // Medusa hands over the fulfillment entity: its items may be an ORM collection.
    const items = asArray<ReturnedLine>(f.items)
    const lineItemIds = items
      .map((i) => i.line_item_id)
      .filter((id): id is string => !!id)
    const destination = await returnDestination(this.ports_, f)
    if (!lineItemIds.length) {
      // What would stop the later purchase in any case is refused now, in the admin's words.
      this.originOf(destination)
      return {
        data: awaitingReturnLabelData(f.data, service.id),
        labels: [],
      }
    }
    const order = await this.ports_.orderOfLineItems(lineItemIds)
    if (!order) throw invalid("The order of this return was not found")
    // Medusa applies this rule only after the label is bought, and a return label cannot be
    // voided: asked first, a return Medusa refuses buys nothing (src/lib/returns/returnable.ts).
    const refused = returnQuantityViolations(
      asArray<OrderLineQuantities>(order.items),
      items
    )
    if (refused.length) throw invalid(refused.join(" "))
    const { result } = await returnLabel(
      { ...this.purchaseDeps(), ports: this.ports_ },
      {
        service,
        order,
        lines: items,
        destination,
        fulfillment: { id: f.id ?? null, data: f.data },
      }
    )
    return result
  }

  /**
   * Voids every parcel's label (doc 4). Tolerates a second call, an already voided label and
   * Medusa's compensation (called when a later step fails). A label another fulfillment took over
   * (after a crash) is not this fulfillment's to void. When a label cannot be voided (outside the
   * void windows) the cancel is refused, naming each such label and why; the others are voided
   * already and stay so. Return labels are never voided (doc 4): canceling a return fulfillment
   * withdraws them without asking the service (they stay valid at the carrier, unused), and is
   * refused once the carrier has scanned the parcel (src/lib/returns/cancel.ts).
   */
  override async cancelFulfillment(
    data: Record<string, unknown>
  ): Promise<Record<string, unknown>> {
    const ref = shipmentRefOf(data)
    if (!ref) return {}
    const journal = this.ports_.shipments()
    const rows = await journal.listShipments({ id: ref.shipment_ids })
    const ours = rows.filter(
      (row) =>
        !ref.fulfillment_id ||
        !row.fulfillment_id ||
        row.fulfillment_id === ref.fulfillment_id
    )
    const refused: string[] = []
    const voided: string[] = []
    // Return labels cannot be voided (doc 4): canceling a return withdraws them unasked, unless
    // the carrier has the parcel already (src/lib/returns/cancel.ts).
    const returnScans = await returnLabelScans(
      journal,
      ours.filter((row) => row.is_return && row.status === "created")
    )
    const withdrawn: string[] = []
    for (const row of ours) {
      if (row.is_return && row.status === "created") {
        const refusal = returnLabelRefusal(returnScans.get(row.id)!)
        if (refusal) refused.push(refusal)
        else {
          withdrawn.push(row.id)
          // This process's lease, kept since the purchase until Medusa stored the label: a new
          // return of the same items may take the withdrawn label over at once (nothing bought).
          await journal.leases().release("shipping_services_shipment", row.id)
        }
        continue
      }
      try {
        const outcome = await voidShipmentRow(journal, this.client(), row, {
          carrierAccountId: this.options_.shipper.carrierAccountId,
        })
        if (outcome.voided) voided.push(row.id)
        else if (row.status === "created")
          refused.push(`${row.tracking_number ?? row.id}: ${outcome.reason}`)
      } catch (error) {
        refused.push(
          `${row.tracking_number ?? row.id}: ${toMedusaError(error).message}`
        )
      }
    }
    if (refused.length) {
      const done = voided.length
        ? ` (voided: ${voided.length} of ${ours.length})`
        : ""
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Not every label could be voided${done}: ${refused.join("; ")}`
      )
    }
    return {
      voided: true,
      shipment_ids: voided,
      ...(withdrawn.length ? { withdrawn_return_labels: withdrawn } : {}),
    }
  }

  /**
   * Medusa's document hooks (no core code calls them in 2.21; other code may, without knowing this
   * plugin): a fulfillment's labels as the service made them, its packing slip and, when its
   * labels went through customs, its commercial invoice, as `FulfillmentDocument`s (base64).
   */
  override async getFulfillmentDocuments(
    data: Record<string, unknown>
  ): Promise<DocumentsAnswer> {
    return this.documentsOf(data, FULFILLMENT_DOCUMENT_TYPES)
  }

  /** A return fulfillment's documents: its return label(s). */
  override async getReturnDocuments(
    data: Record<string, unknown>
  ): Promise<DocumentsAnswer> {
    return this.documentsOf(data, ["label"])
  }

  /** One kind of a fulfillment's documents: "label", "packing_slip" or "commercial_invoice". */
  override async retrieveDocuments(
    fulfillmentData: Record<string, unknown>,
    documentType: string
  ): Promise<DocumentsAnswer> {
    if (
      !(FULFILLMENT_DOCUMENT_TYPES as readonly string[]).includes(documentType)
    ) {
      throw invalid(
        `Unknown document type "${documentType}": use ${FULFILLMENT_DOCUMENT_TYPES.join(", ")}`
      )
    }
    return this.documentsOf(fulfillmentData, [
      documentType as FulfillmentDocumentType,
    ])
  }

  protected async documentsOf(
    data: Record<string, unknown>,
    types: readonly FulfillmentDocumentType[]
  ): Promise<FulfillmentDocument[]> {
    const ref = shipmentRefOf(data)
    if (!ref) return []
    const journal = this.ports_.shipments()
    const rows = (
      await journal.listShipments({
        id: ref.shipment_ids,
        status: ["created", "voided"],
      })
    ).sort((a, b) => (a.parcel_index ?? 0) - (b.parcel_index ?? 0))
    if (!rows.length) return []
    const labels: LabelOfOrder[] = []
    for (const row of rows) {
      const pages: Uint8Array[] = []
      for (const p of await journal.documentPages("label", row.id))
        pages.push(new Uint8Array(await journal.documentContent(p.id)))
      labels.push({ ...(row as unknown as LabelOfOrder), pages })
    }
    const orderId = rows[0].order_id
    const order =
      orderId && types.some((t) => t !== "label")
        ? ((await this.ports_.order(orderId)) as
            | {
                id: string
                display_id?: number
                created_at?: Date
                email?: string
                shipping_address?: MedusaAddressLike
                items?: OrderLine[]
              }
            | undefined)
        : undefined
    return fulfillmentDocumentsOf(
      {
        orderId: orderId ?? rows[0].id,
        displayId: order?.display_id ?? orderId ?? rows[0].id,
        orderDate: order?.created_at ?? null,
        shippingAddress: fromMedusaAddress(order?.shipping_address ?? {}, {
          email: order?.email,
        }) as Address,
        lines: asArray<OrderLine>(order?.items),
        labels,
      },
      order ? types : types.filter((t) => t === "label"),
      this.options_.printing.layout
    )
  }

  // --- helpers -------------------------------------------------------------------------------

  protected serviceOf(
    optionData: Record<string, unknown> | undefined | null
  ): ServiceOption {
    const service = findService(this.options_, optionData ?? undefined)
    if (!service) {
      throw invalid(unknownServiceMessage(optionData))
    }
    return service
  }

  /** The option of a fulfillment: the shipping method's data, else the shipping option's. */
  protected async serviceOfFulfillment(
    data: Record<string, unknown>,
    fulfillment: { shipping_option_id?: string | null }
  ): Promise<ServiceOption> {
    const id = typeof data?.option_id === "string" ? data.option_id : undefined
    if (id) return this.serviceOf({ id })
    if (
      fulfillment.shipping_option_id &&
      this.container_.shippingOptionService
    ) {
      const option = await this.container_.shippingOptionService.retrieve(
        fulfillment.shipping_option_id,
        { select: ["id", "data"] }
      )
      return this.serviceOf(option.data ?? undefined)
    }
    throw invalid(
      "This fulfillment's shipping option is not a shipping-services option"
    )
  }

  /** The stock location's address; the configured origin fills what it lacks (name, email). */
  protected originOf(
    location: MedusaAddressLike | null | undefined
  ): ServiceAddress {
    const origin = originAddressOf(this.options_, location)
    if (origin) return origin
    throw invalid(NO_ORIGIN)
  }

  /** Catalog data the order query leaves out (see mapping/catalog.ts). */
  protected withCatalog(order: OrderLike): Promise<OrderLike> {
    return withCatalog(this.ports_, order)
  }

  /** The parcels of one fulfillment, each its label (parcel-purchase.ts). */
  protected buy(input: {
    build: BuildShipmentInput
    fulfillmentId: string | null
    orderId: string
    chosen?: ChosenParcel[]
  }): Promise<ShipmentRecord[]> {
    return buyParcels(this.purchaseDeps(), input)
  }

  /** What the label purchase needs, from this provider's options, client and container. */
  protected purchaseDeps(): ParcelPurchaseDeps {
    return {
      options: this.options_,
      journal: () => this.ports_.shipments(),
      client: () => this.client(),
      reusable: (row, fulfillmentId) => this.reusable(row, fulfillmentId),
    }
  }

  /** See reusableLabel (parcel-purchase.ts), with the fulfillment module's own service. */
  protected reusable(
    row: ShipmentRecord,
    fulfillmentId: string | null
  ): Promise<boolean> {
    const fulfillments = this.container_.fulfillmentService
    return reusableLabel(row, fulfillmentId, {
      fulfillment: fulfillments
        ? async (id) =>
            (
              await fulfillments.list(
                { id },
                { select: ["id", "canceled_at", "data"] }
              )
            )[0]
        : undefined,
      linked: (ids) => this.ports_.linkedFulfillments(ids),
    })
  }
}

/** The admin's parcels from the fulfilment's additional data, refused in words when malformed. */
function parcelsChosen(additionalData: Record<string, unknown> | undefined) {
  try {
    return chosenParcelsOf(additionalData)
  } catch (error) {
    throw invalid((error as Error).message)
  }
}

function asArray<T>(value: unknown): T[] {
  if (Array.isArray(value)) return value as T[]
  const collection = value as
    { getItems?: () => T[]; toArray?: () => T[] } | null | undefined
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
