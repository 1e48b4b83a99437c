import { inspect } from "node:util"
import type { Carrier } from "../constants"
import { ShippingUnexpectedResponseError } from "../errors"
import { buildUpdateContact } from "../operations/contact"
import {
  basicCredentials,
  buildTokenRequest,
  parseTokenResponse,
  tokenRefusal,
} from "../operations/token"
import { buildGetTracking, type TrackingQuery } from "../operations/tracking"
import {
  buildCreateWebhookConfig,
  buildDeleteWebhookConfig,
  buildGetWebhookConfig,
  buildListApplicableEvents,
  buildListWebhookConfigs,
  buildUpdateWebhookConfig,
  webhookSecrets,
} from "../operations/webhooks"
import {
  contactResponseSchema,
  type ContactResponse,
  type ContactUpdate,
} from "../schemas/contact"
import type { AccessToken } from "../schemas/token"
import {
  trackingResponseSchema,
  type TrackingResponse,
} from "../schemas/tracking"
import {
  webhookConfigListResponseSchema,
  webhookConfigResponseSchema,
  webhookEventsResponseSchema,
  type WebhookConfigRequestInput,
  type WebhookConfigResponse,
  type WebhookEventEntry,
} from "../schemas/webhook-config"
import type { ManifestRequest, ManifestResponse } from "../schemas/manifest"
import type {
  CreatedShipmentResponse,
  RatesRequest,
  RatesResponse,
  ShipmentRequest,
  ShipmentRequestInput,
} from "../schemas/shipment"
import type { ZodType } from "../zod"
import { Caller } from "./call"
import {
  resolveClientConfig,
  type ResolvedClientConfig,
  type ShippingClientConfig,
} from "./config"
import type { CreateShipmentResult } from "./create-flow"
import { Limiter } from "./limiter"
import { parseAnswer, unwrap } from "./parse"
import type { CallOptions, OperationRequest } from "./request"
import * as shipments from "./shipment-calls"
import type {
  CreateShipmentOptions,
  ShipmentCallContext,
  ShipmentVariantOptions,
  VoidShipmentResult,
} from "./shipment-calls"
import { IdentityTracker, type ServiceIdentity } from "./service-identity"
import { TokenSource, tokenCacheKey } from "./token-cache"
import type { WireResponse } from "./transport"
import type { Violation } from "../violation"
import { readWebhookPages } from "./webhook-pages"

/** The credentials live in a private field so logging or serializing a client shows none of them. */
export class ShippingClient {
  readonly #credentials: { apiKey: string; apiSecret: string }
  protected readonly config: ResolvedClientConfig
  readonly #caller: Caller
  readonly #tokens: TokenSource
  readonly #identity = new IdentityTracker()
  #checking?: Promise<ServiceIdentity>

  constructor(config: ShippingClientConfig) {
    this.config = resolveClientConfig(config)
    this.#credentials = {
      apiKey: config.credentials.apiKey,
      apiSecret: config.credentials.apiSecret,
    }
    const { apiKey, apiSecret } = this.#credentials
    const limiter = new Limiter(this.config.concurrency)
    this.#caller = new Caller({
      config: this.config,
      limiter,
      tokens: () => this.#tokens,
      secrets: [apiKey, apiSecret, basicCredentials(apiKey, apiSecret)],
      identity: this.#identity,
    })
    this.#tokens = new TokenSource(
      tokenCacheKey(this.config.roots.authUrl, apiKey, apiSecret),
      () => this.fetchToken(),
      this.config.now
    )
  }

  /** Outside the concurrency limit. */
  private async fetchToken(): Promise<AccessToken> {
    const operation = "token"
    let response: WireResponse
    try {
      response = await this.#caller.call(buildTokenRequest(this.#credentials), {
        operation,
        retry: "idempotent",
        auth: "none",
        limited: false,
      })
    } catch (error) {
      throw tokenRefusal(error, operation)
    }
    const parsed = parseTokenResponse(response.body)
    if (!parsed.ok) {
      throw new ShippingUnexpectedResponseError({
        operation,
        status: response.status,
        messages: parsed.fields.map(
          (f) => `${f} does not match the documented shape`
        ),
      })
    }
    return parsed.value
  }

  // ---- Who answers: the service, or the local sandbox ----

  /** No call made. */
  serviceIdentity(): ServiceIdentity {
    return this.#identity.current()
  }

  /** Undefined unless the sandbox answered last. */
  sandboxNow(): Date | undefined {
    const ms = this.#identity.sandboxNow(this.config.now())
    return ms === undefined ? undefined : new Date(ms)
  }

  /** One cheap authenticated read; headers tell whatever the status. Concurrent callers share it. */
  checkIdentity(): Promise<ServiceIdentity> {
    this.#checking ??= this.listApplicableEvents()
      .catch(() => undefined)
      .then(() => this.#identity.current())
      .finally(() => {
        this.#checking = undefined
      })
    return this.#checking
  }

  protected send(
    request: OperationRequest,
    options: CallOptions
  ): Promise<WireResponse> {
    return this.#caller.call(request, options)
  }

  protected answer<S extends ZodType>(
    schema: S,
    response: WireResponse,
    operation: string
  ): S["_output"] {
    return parseAnswer(schema, response.body, {
      operation,
      status: response.status,
      carrierCodes: this.config.carrierCodes,
    })
  }

  // ---- Doc 1: webhook configuration ({webhook_url}/api/v1) ----

  async listApplicableEvents(): Promise<WebhookEventEntry[]> {
    const operation = "listApplicableEvents"
    const response = await this.send(buildListApplicableEvents(), {
      operation,
      retry: "idempotent",
    })
    return this.answer(webhookEventsResponseSchema, response, operation)
  }

  async createWebhookConfig(
    body: WebhookConfigRequestInput
  ): Promise<WebhookConfigResponse> {
    const operation = "createWebhookConfig"
    const secrets = webhookSecrets(body)
    const request = unwrap(buildCreateWebhookConfig(body), operation)
    const response = await this.send(request, {
      operation,
      retry: "not-idempotent",
      secrets,
    })
    return this.answer(webhookConfigResponseSchema, response, operation)
  }

  /** Pages until pageInfo says the last page was read. */
  listWebhookConfigs(): Promise<WebhookConfigResponse[]> {
    const operation = "listWebhookConfigs"
    return readWebhookPages(
      async (page) =>
        this.answer(
          webhookConfigListResponseSchema,
          await this.send(
            buildListWebhookConfigs(page, this.config.webhookPageSize),
            { operation, retry: "idempotent" }
          ),
          operation
        ),
      operation
    )
  }

  async getWebhookConfig(
    webHookConfigID: string
  ): Promise<WebhookConfigResponse> {
    const operation = "getWebhookConfig"
    const response = await this.send(
      unwrap(buildGetWebhookConfig(webHookConfigID), operation),
      { operation, retry: "idempotent" }
    )
    return this.answer(webhookConfigResponseSchema, response, operation)
  }

  /** Repeating the same PUT is harmless, so it is retried like a GET. */
  async updateWebhookConfig(
    webHookConfigID: string,
    body: WebhookConfigRequestInput
  ): Promise<WebhookConfigResponse> {
    const operation = "updateWebhookConfig"
    const request = unwrap(
      buildUpdateWebhookConfig(webHookConfigID, body),
      operation
    )
    const response = await this.send(request, {
      operation,
      retry: "idempotent",
      secrets: webhookSecrets(body),
    })
    return this.answer(webhookConfigResponseSchema, response, operation)
  }

  /** Retried like a GET: deleting twice leaves the same state. */
  async deleteWebhookConfig(webHookConfigID: string): Promise<void> {
    const operation = "deleteWebhookConfig"
    await this.send(
      unwrap(buildDeleteWebhookConfig(webHookConfigID), operation),
      { operation, retry: "idempotent" }
    )
  }

  // ---- Doc 3: tracking and contact ----

  /** `parcelCarrier`: the label's neutral carrier id; standard delivery needs query `carrier`. */
  async getTracking(
    trackingNumber: string,
    options: TrackingQuery
  ): Promise<TrackingResponse> {
    const operation = "getTracking"
    const response = await this.send(
      unwrap(buildGetTracking(trackingNumber, options), operation),
      { operation, retry: "idempotent" }
    )
    return this.answer(trackingResponseSchema, response, operation)
  }

  /** Only the given fields are sent; retried like a GET. */
  async updateContact(
    contactId: string,
    update: ContactUpdate,
    options: { idType?: string } = {}
  ): Promise<ContactResponse> {
    const operation = "updateContact"
    const response = await this.send(
      unwrap(buildUpdateContact(contactId, update, options), operation),
      { operation, retry: "idempotent" }
    )
    return this.answer(contactResponseSchema, response, operation)
  }

  // ---- Doc 2 and doc 4: shipments ----

  private get shipmentContext(): ShipmentCallContext {
    return {
      config: this.config,
      send: (request, options) => this.send(request, options),
    }
  }

  /** `transactionId` must be stored first; a new id is used only after `onNewTransactionId` stored it. */
  createShipment(
    shipment: ShipmentRequestInput | ShipmentRequest,
    options: CreateShipmentOptions
  ): Promise<CreateShipmentResult<CreatedShipmentResponse>> {
    return shipments.createShipment(this.shipmentContext, shipment, options)
  }

  checkShipment(
    shipment: ShipmentRequestInput | ShipmentRequest,
    options: ShipmentVariantOptions = {}
  ): Violation[] {
    return shipments.checkShipment({ config: this.config }, shipment, options)
  }

  retryShipment(
    originalTransactionId: string,
    carrier: Carrier
  ): Promise<CreatedShipmentResponse> {
    return shipments.retryShipment(
      this.shipmentContext,
      originalTransactionId,
      carrier
    )
  }

  /** Undefined when no label was created with that id (404). */
  findShipment(
    originalTransactionId: string,
    carrier: Carrier
  ): Promise<CreatedShipmentResponse | undefined> {
    return shipments.findShipment(
      this.shipmentContext,
      originalTransactionId,
      carrier
    )
  }

  reprintShipment(
    shipmentId: string,
    carrier: Carrier
  ): Promise<CreatedShipmentResponse> {
    return shipments.reprintShipment(this.shipmentContext, shipmentId, carrier)
  }

  /** "Already voided" (errorCode SHIPMENT_ALREADY_VOIDED) answers `{ alreadyVoided: true }`. */
  voidShipment(
    shipmentId: string,
    options: {
      carrier: Carrier
      transactionId: string
      carrierAccountId?: string
    }
  ): Promise<VoidShipmentResult> {
    return shipments.voidShipment(this.shipmentContext, shipmentId, options)
  }

  getRates(
    shipment: ShipmentRequestInput | RatesRequest,
    options: ShipmentVariantOptions & { transactionId?: string } = {}
  ): Promise<RatesResponse> {
    return shipments.getRates(this.shipmentContext, shipment, options)
  }

  createManifest(
    manifest: ManifestRequest,
    options: { transactionId: string }
  ): Promise<ManifestResponse> {
    return shipments.createManifest(this.shipmentContext, manifest, options)
  }

  toJSON(): Record<string, unknown> {
    return {
      name: "ShippingClient",
      roots: this.config.roots,
      concurrency: this.config.concurrency,
    }
  }

  [inspect.custom](): string {
    return `ShippingClient ${JSON.stringify(this.toJSON())}`
  }
}
