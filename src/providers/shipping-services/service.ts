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
import { findService, listFulfillmentOptions } from "./fulfillment-options"
import {
  fromMedusaAddress,
  type MedusaAddressLike,
  type ServiceAddress,
} from "./mapping/address"
import {
  buildShipmentRequest,
  type BuildShipmentInput,
} from "./mapping/build-shipment"
import { laneViolations } from "./mapping/lane"
import {
  parcelRequestKeyOf,
  ratesRequestOf,
  shippedLines,
} from "./mapping/fulfillment-input"
import {
  chosenParcels,
  packParcels,
  type ChosenParcel,
} from "./mapping/packing"
import type { OrderLike } from "./mapping/types"
import { toMedusaError } from "./medusa-error"
import { registryPorts, type ProviderPorts } from "./ports"
import { purchaseLabel, type LabelClient } from "./purchase"
import { voidShipmentRow } from "./void-shipment"
import {
  DATA_KEY,
  dataRefOf,
  holdsShipment,
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
    const from =
      (context?.from_location?.address as MedusaAddressLike | undefined) ??
      undefined
    const problems = laneViolations(service, this.options_, {
      fromCountry: from?.country_code ?? this.options_.origin?.countryCode,
      toCountry: to?.country_code,
      toStateProvince: to?.province,
      currencyCode: (context as { currency_code?: string } | undefined)
        ?.currency_code,
    })
    if (problems.length) {
      throw invalid(
        `${service.name} cannot ship this order: ${problems.map((p) => p.message).join("; ")}`
      )
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
    if (
      !cart.shipping_address?.country_code ||
      !cart.shipping_address.postal_code
    ) {
      throw invalid(
        `Add a shipping address (postal code and country) to get a price for ${service.name}`
      )
    }
    const origin = this.originOf(cart.from_location?.address ?? undefined)
    const built = buildShipmentRequest({
      order: {
        id: "cart",
        currency_code: cart.currency_code,
        shipping_address: cart.shipping_address,
        items: cart.items ?? [],
      },
      lines: (cart.items ?? []).map((line) => ({
        line,
        quantity: Number(line.quantity ?? 1),
      })),
      service,
      options: this.options_,
      origin,
      direction: "outbound",
    })
    if (!built.ok) {
      throw invalid(
        `${service.name} cannot be priced: ${built.violations.map((v) => v.message).join("; ")}`
      )
    }
    try {
      const rates = await this.client().getRates(
        ratesRequestOf(built.value.request),
        {
          includeDeliveryCommitment: built.value.includeDeliveryCommitment,
          apac: service.apac,
        }
      )
      const entry =
        rates.rates?.find((r) => r.serviceId === service.serviceId) ??
        (rates.rates?.length === 1 ? rates.rates[0] : undefined)
      if (entry?.totalCarrierCharge === undefined) {
        throw invalid(`The shipping service gave no rate for ${service.name}`)
      }
      const currency = entry.currencyCode?.toLowerCase()
      if (
        currency &&
        cart.currency_code &&
        currency !== cart.currency_code.toLowerCase()
      ) {
        throw invalid(
          `${service.name} is priced in ${currency.toUpperCase()}, the cart is in ${cart.currency_code.toUpperCase()}: use a flat price for it`
        )
      }
      return {
        calculated_amount: entry.totalCarrierCharge,
        is_calculated_price_tax_inclusive: false,
      }
    } catch (error) {
      throw toMedusaError(error)
    }
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
   * address as delivery_address, and no order: it is found from the returned lines).
   */
  override async createReturnFulfillment(
    fulfillment: Record<string, unknown>
  ): Promise<CreateFulfillmentResult> {
    const f = fulfillment as {
      id?: string
      location_id?: string
      items?: {
        line_item_id?: string | null
        quantity?: number | string | null
      }[]
      delivery_address?: MedusaAddressLike | null
      shipping_option?: { data?: Record<string, unknown> | null } | null
      data?: Record<string, unknown> | null
    }
    const service = this.serviceOf(
      f.shipping_option?.data ?? f.data ?? undefined
    )
    // Medusa hands over the fulfillment entity: its items may be an ORM collection.
    const items = asArray<{
      line_item_id?: string | null
      quantity?: number | string | null
    }>(f.items)
    const order = await this.ports_.orderOfLineItems(
      items.map((i) => i.line_item_id).filter((id): id is string => !!id)
    )
    if (!order) throw invalid("The order of this return was not found")
    // Medusa applies this rule only after the label is bought, and a return label cannot be
    // voided: asked first, a return Medusa refuses buys nothing (src/lib/returns/returnable.ts).
    const refused = returnQuantityViolations(
      asArray<OrderLineQuantities>(order.items),
      items
    )
    if (refused.length) throw invalid(refused.join(" "))
    const orderLike = await this.withCatalog(order as unknown as OrderLike)
    const location = f.delivery_address?.country_code
      ? f.delivery_address
      : f.location_id
        ? await this.ports_.stockLocationAddress(f.location_id)
        : undefined
    const rows = await this.buy({
      build: {
        order: orderLike,
        lines: shippedLines(orderLike, items),
        service,
        options: this.options_,
        origin: this.originOf(location ?? undefined),
        direction: "return",
      },
      fulfillmentId: f.id ?? null,
      orderId: orderLike.id,
    })
    return {
      data: { ...(f.data ?? {}), [DATA_KEY]: dataRefOf(rows, f.id ?? null) },
      labels: medusaLabelsOf(rows, this.options_),
    }
  }

  /**
   * Voids every parcel's label (doc 4). Tolerates a second call, an already voided label and
   * Medusa's compensation (called when a later step fails). A label another fulfillment took over
   * (after a crash) is not this fulfillment's to void. When a label cannot be voided (outside the
   * void windows, a return label) the cancel is refused, naming each such label and why; the
   * others are voided already and stay so.
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
    for (const row of ours) {
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
    return { voided: true, shipment_ids: voided }
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
      throw invalid(
        `Unknown shipping-services option "${String(optionData?.id)}": enable it under the plugin's services option`
      )
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
    const configured = this.options_.origin
    if (location?.country_code) {
      const mapped = fromMedusaAddress(location, { residential: false })
      return {
        ...mapped,
        name:
          mapped.name ??
          configured?.name ??
          this.options_.contact?.name ??
          mapped.company,
        company:
          mapped.company ??
          configured?.company ??
          this.options_.contact?.company,
        phone: mapped.phone ?? configured?.phone,
        email: configured?.email,
      }
    }
    if (configured)
      return { ...configured, residential: configured.residential ?? false }
    throw invalid(
      "No origin address: give the stock location an address, or set the plugin's origin option"
    )
  }

  /**
   * Adds the catalog data the order was read without: the variants (with their product) of an
   * order the provider reads itself (a return: Medusa hands over no order, and the order module
   * knows no variants), then product weights and sizes the order query leaves out (variant data
   * stays first).
   */
  protected async withCatalog(order: OrderLike): Promise<OrderLike> {
    const variantIds = [
      ...new Set(
        (order.items ?? [])
          .filter((i) => !i.variant && i.variant_id)
          .map((i) => i.variant_id as string)
      ),
    ]
    if (variantIds.length) {
      const variants = new Map(
        (await this.ports_.variants(variantIds)).map((v) => [v.id, v])
      )
      order = {
        ...order,
        items: (order.items ?? []).map((i) =>
          !i.variant && i.variant_id && variants.has(i.variant_id)
            ? { ...i, variant: variants.get(i.variant_id) }
            : i
        ),
      }
    }
    const missing = (order.items ?? []).filter(
      (i) =>
        i.variant?.weight == null && i.product_id && !i.variant?.product?.weight
    )
    if (!missing.length) return order
    const products = await this.ports_.products([
      ...new Set(missing.map((i) => i.product_id as string)),
    ])
    const byId = new Map(products.map((p) => [p.id, p]))
    return {
      ...order,
      items: (order.items ?? []).map((i) =>
        i.product_id && byId.has(i.product_id)
          ? { ...i, product: byId.get(i.product_id) }
          : i
      ),
    }
  }

  /**
   * The parcels of one fulfillment (packed by `boxes`/limits, or as an admin chose them), a label
   * each, one after the other: a failure stops before more labels are bought, and the labels
   * bought so far are found again by their keys when the fulfilment is repeated.
   */
  protected async buy(input: {
    build: BuildShipmentInput
    fulfillmentId: string | null
    orderId: string
    chosen?: ChosenParcel[]
  }): Promise<ShipmentRecord[]> {
    const { service } = input.build
    const packed = input.chosen?.length
      ? chosenParcels(input.build.lines, input.chosen, this.options_)
      : packParcels(input.build.lines, this.options_, service)
    if (!packed.ok)
      throw invalid(
        `The parcels cannot be packed: ${packed.violations.map((v) => `${v.path}: ${v.message}`).join("; ")}`
      )
    const built = packed.parcels.map((p) =>
      buildShipmentRequest({ ...input.build, lines: p.lines, parcel: p.parcel })
    )
    const broken = built.flatMap((b, i) =>
      b.ok
        ? []
        : b.violations.map(
            (v) => `${built.length > 1 ? `parcel ${i + 1}: ` : ""}${v.message}`
          )
    )
    if (broken.length)
      throw invalid(`The shipment cannot be created: ${broken.join("; ")}`)
    const rows: ShipmentRecord[] = []
    for (const [index, parcel] of packed.parcels.entries()) {
      const request = built[index] as Extract<
        (typeof built)[number],
        { ok: true }
      >
      const items = parcel.lines.map((l) => ({
        line_item_id: l.line.id,
        quantity: l.quantity,
      }))
      rows.push(
        await purchaseLabel(this.ports_.shipments(), this.client(), {
          requestKey: parcelRequestKeyOf(
            input.orderId,
            input.build.direction,
            items,
            index,
            packed.parcels.length
          ),
          reusable: (r) => this.reusable(r, input.fulfillmentId),
          fulfillmentId: input.fulfillmentId,
          orderId: input.orderId,
          service,
          built: request.value,
          isReturn: input.build.direction === "return",
          parcel: {
            index,
            count: packed.parcels.length,
            contents: {
              items,
              weight_oz: parcel.parcel.weightOz,
              ...(parcel.box ? { box: parcel.box } : {}),
            },
          },
        })
      )
    }
    return rows
  }

  /**
   * See PurchaseInput.reusable: a label recorded for another fulfillment may be taken unless that
   * fulfillment holds it, i.e. exists, is not canceled, carries the label in its data (Medusa
   * writes it after createFulfillment returns) and belongs to an order or return (Medusa links it
   * last). A fulfillment left half-made by a stopped process fails one of these.
   */
  protected async reusable(
    row: ShipmentRecord,
    fulfillmentId: string | null
  ): Promise<boolean> {
    if (!row.fulfillment_id || row.fulfillment_id === fulfillmentId) return true
    const fulfillments = this.container_.fulfillmentService
    if (!fulfillments) return false
    const [holder] = await fulfillments.list(
      { id: row.fulfillment_id },
      { select: ["id", "canceled_at", "data"] }
    )
    if (!holder || holder.canceled_at || !holdsShipment(holder.data, row.id))
      return true
    const linked = await this.ports_.linkedFulfillments([holder.id])
    return !linked.has(holder.id)
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
