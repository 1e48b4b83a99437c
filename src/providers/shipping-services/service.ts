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
  DATA_KEY,
  dataRefOf,
  medusaLabelsOf,
} from "../../lib/shipments/fulfillment-data"
import { chosenParcelsOf } from "../../lib/shipments/additional-data"
import { pluginClient } from "../../lib/plugin-client"
import type { ShippingClient } from "../../shipping-api/client"
import {
  FULFILLMENT_DOCUMENT_TYPES,
  type FulfillmentDocument,
  type FulfillmentDocumentType,
} from "../../lib/batches/fulfillment-documents"
import {
  findService,
  listFulfillmentOptions,
  unknownServiceMessage,
} from "./fulfillment-options"
import type { MedusaAddressLike, ServiceAddress } from "./mapping/address"
import type { BuildShipmentInput } from "./mapping/build-shipment"
import { shippedLines } from "./mapping/fulfillment-input"
import type { ChosenParcel } from "./mapping/packing"
import { originAddressOf } from "./mapping/origin"
import type { OrderLike } from "./mapping/types"
import { withCatalog } from "./catalog"
import { NO_ORIGIN, type CartForCheckout } from "./checkout"
import {
  calculatedPrice,
  chosenMethodData,
  type CheckoutHookDeps,
} from "./checkout-hooks"
import { cancelLabels } from "./cancel-labels"
import { documentsOfFulfillment } from "./documents"
import { registryPorts, type ProviderPorts } from "./ports"
import { safeResolve, type ProviderContainer } from "./container"
import type { LabelClient } from "./purchase"
import {
  buyParcels,
  reusableLabel,
  type ParcelPurchaseDeps,
} from "./parcel-purchase"
import { shownOf, type ShownAtCheckout } from "./rate-shopping"
import {
  returnFulfillment,
  type ReturnFulfillmentInput,
} from "./return-fulfillment"

const invalid = (message: string) =>
  new MedusaError(MedusaError.Types.INVALID_DATA, message)

/** Medusa declares the document hooks as Promise<never[]>, though their callers receive documents. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the declared types cannot hold documents
type DocumentsAnswer = any

/**
 * One fulfillment option per configured service. Medusa gives a provider only its own entry's options, so this
 * reads the plugin's options from configModule, its own entry overriding them. The work is elsewhere; this adapts.
 */

export class ShippingServicesProviderService extends AbstractFulfillmentProviderService {
  static override identifier = PROVIDER_IDENTIFIER

  protected readonly logger_: Logger
  protected readonly options_: PluginOptions
  protected readonly ports_: ProviderPorts
  protected readonly container_: ProviderContainer

  constructor(
    container: ProviderContainer,
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

  /** Refuses a cart the service would refuse, in shopper's words; the result becomes the shipping method's data. */
  override async validateFulfillmentData(
    optionData: Record<string, unknown>,
    data: Record<string, unknown>,
    context: ValidateFulfillmentDataContext
  ): Promise<Record<string, unknown>> {
    return chosenMethodData(
      this.checkoutDeps(),
      this.serviceOf(optionData),
      data,
      context as unknown as CartForCheckout
    )
  }

  override async canCalculate(data: CreateShippingOptionDTO): Promise<boolean> {
    return !!findService(this.options_, data.data ?? undefined)
  }

  override async calculatePrice(
    optionData: CalculateShippingOptionPriceDTO["optionData"],
    data: CalculateShippingOptionPriceDTO["data"],
    context: CalculateShippingOptionPriceDTO["context"]
  ): Promise<CalculatedShippingOptionPrice> {
    return calculatedPrice(
      this.checkoutDeps(),
      this.serviceOf(optionData),
      data,
      context as unknown as Record<string, unknown>
    )
  }

  protected checkoutDeps(): CheckoutHookDeps {
    return {
      options: this.options_,
      ports: this.ports_,
      logger: this.logger_,
      client: () => this.client(),
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
      shown: shownOf(data),
    })
    return {
      data: { ...data, [DATA_KEY]: dataRefOf(rows, fulfillment.id ?? null) },
      labels: medusaLabelsOf(rows, this.options_),
    }
  }

  override async createReturnFulfillment(
    fulfillment: Record<string, unknown>
  ): Promise<CreateFulfillmentResult> {
    const f = fulfillment as ReturnFulfillmentInput
    return returnFulfillment(
      {
        ...this.purchaseDeps(),
        ports: this.ports_,
        originOf: (address) => this.originOf(address),
      },
      this.serviceOf(f.shipping_option?.data ?? f.data ?? undefined),
      f
    )
  }

  override async cancelFulfillment(
    data: Record<string, unknown>
  ): Promise<Record<string, unknown>> {
    return cancelLabels(
      {
        journal: this.ports_.shipments(),
        client: () => this.client(),
        carrierAccountId: this.options_.shipper.carrierAccountId,
      },
      data
    )
  }

  /** No core code calls them in 2.21; other code may. Labels, packing slip and commercial invoice, base64. */
  override async getFulfillmentDocuments(
    data: Record<string, unknown>
  ): Promise<DocumentsAnswer> {
    return this.documentsOf(data, FULFILLMENT_DOCUMENT_TYPES)
  }

  override async getReturnDocuments(
    data: Record<string, unknown>
  ): Promise<DocumentsAnswer> {
    return this.documentsOf(data, ["label"])
  }

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

  protected documentsOf(
    data: Record<string, unknown>,
    types: readonly FulfillmentDocumentType[]
  ): Promise<FulfillmentDocument[]> {
    return documentsOfFulfillment(
      { ports: this.ports_, layout: this.options_.printing.layout },
      data,
      types
    )
  }

  protected serviceOf(
    optionData: Record<string, unknown> | undefined | null
  ): ServiceOption {
    const service = findService(this.options_, optionData ?? undefined)
    if (!service) {
      throw invalid(unknownServiceMessage(optionData))
    }
    return service
  }

  /** The shipping method's data, else the shipping option's. */
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

  /** The configured origin fills what it lacks. */
  protected originOf(
    location: MedusaAddressLike | null | undefined
  ): ServiceAddress {
    const origin = originAddressOf(this.options_, location)
    if (origin) return origin
    throw invalid(NO_ORIGIN)
  }

  protected withCatalog(order: OrderLike): Promise<OrderLike> {
    return withCatalog(this.ports_, order)
  }

  protected buy(input: {
    build: BuildShipmentInput
    fulfillmentId: string | null
    orderId: string
    chosen?: ChosenParcel[]
    shown?: ShownAtCheckout
  }): Promise<ShipmentRecord[]> {
    return buyParcels(this.purchaseDeps(), input)
  }

  protected purchaseDeps(): ParcelPurchaseDeps {
    return {
      options: this.options_,
      journal: () => this.ports_.shipments(),
      client: () => this.client(),
      reusable: (row, fulfillmentId) => this.reusable(row, fulfillmentId),
    }
  }

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

/** Refused in words when malformed. */
function parcelsChosen(additionalData: Record<string, unknown> | undefined) {
  try {
    return chosenParcelsOf(additionalData)
  } catch (error) {
    throw invalid((error as Error).message)
  }
}

export default ShippingServicesProviderService
