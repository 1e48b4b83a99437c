import {
  ALREADY_VOIDED_ERROR_CODE,
  CARRIER_OF_VARIANT,
  type Carrier,
} from "../constants"
import {
  ShippingBadRequestError,
  ShippingNotFoundError,
  ShippingUnexpectedResponseError,
} from "../errors"
import {
  buildCreateShipment,
  buildManifest,
  buildRates,
  buildReprintShipment,
  buildRetryShipment,
  buildVoidShipment,
  parseManifestResponse,
  parseRatesResponse,
  parseShipmentResponse,
  parseVoidResponse,
  type Parsed,
} from "../operations/shipments"
import type { ManifestResponse } from "../schemas/manifest"
import type {
  CreatedShipmentResponse,
  RatesResponse,
} from "../schemas/shipment"
import type { VoidResponse } from "../schemas/void"
import { neutralCarriers } from "./carrier-codes"
import type { ResolvedClientConfig } from "./config"
import {
  createWithRecovery,
  type CreateFlowOptions,
  type CreateShipmentResult,
} from "./create-flow"
import { unwrap } from "./parse"
import type { CallOptions, OperationRequest } from "./request"
import type { WireResponse } from "./transport"
import type { Violation } from "../violation"

export type ShipmentCallContext = {
  config: ResolvedClientConfig
  send(request: OperationRequest, options: CallOptions): Promise<WireResponse>
}

export type ShipmentVariantOptions = {
  /** Expedited optional; cross-border always sent. */
  includeDeliveryCommitment?: boolean
  /** Standard delivery from Asia-Pacific: {apac_url} with the regional carrier. */
  apac?: boolean
  regionalCarrier?: string
  /** Cross-border accounts created before April 2023 with one solution. */
  legacySingleSolutionAccount?: boolean
}

export type CreateShipmentOptions = CreateFlowOptions & ShipmentVariantOptions

export type VoidShipmentResult =
  ({ alreadyVoided: false } & VoidResponse) | { alreadyVoided: true }

function read<T>(
  ctx: ShipmentCallContext,
  parsed: Parsed<T>,
  response: WireResponse,
  operation: string,
  transactionId?: string
): T {
  if (!parsed.ok) {
    throw new ShippingUnexpectedResponseError({
      operation,
      status: response.status,
      transactionId,
      messages: parsed.violations.map(
        (v) => `${v.path || "(body)"}: ${v.message}`
      ),
    })
  }
  return neutralCarriers(parsed.value, ctx.config.carrierCodes)
}

/** Warnings of a valid request go to the client's logger; the request is still sent. */
function sendable(
  ctx: ShipmentCallContext,
  built: ReturnType<typeof buildRates>,
  operation: string,
  transactionId?: string
) {
  const { variant, warnings, ...request } = unwrap(
    built,
    operation,
    transactionId
  )
  for (const w of warnings ?? [])
    ctx.config.logger.warn?.(
      `${operation}: ${w.path}: ${w.message} [${w.rule}]`
    )
  return { request, variant }
}

function shipperHeaders(ctx: ShipmentCallContext) {
  const { carrierAccountId, ratePlan, integratorCarrierId } = ctx.config.shipper
  return {
    carrierAccountId,
    ratePlan,
    integratorCarrierId,
    acceptLanguage: ctx.config.acceptLanguage,
    carrierCodes: ctx.config.carrierCodes,
  }
}

/** Doc 4 retry operation (ShippingNotFoundError when none). */
export async function retryShipment(
  ctx: ShipmentCallContext,
  originalTransactionId: string,
  carrier: Carrier
): Promise<CreatedShipmentResponse> {
  const operation = "retryShipment"
  const request = unwrap(
    buildRetryShipment({ originalTransactionId, carrier }),
    operation,
    originalTransactionId
  )
  const response = await ctx.send(request, {
    operation,
    retry: "idempotent",
    transactionId: originalTransactionId,
  })
  return read(
    ctx,
    parseShipmentResponse(response.body),
    response,
    operation,
    originalTransactionId
  )
}

/** Undefined when the retry operation answers 404. */
export async function findShipment(
  ctx: ShipmentCallContext,
  originalTransactionId: string,
  carrier: Carrier
): Promise<CreatedShipmentResponse | undefined> {
  try {
    return await retryShipment(ctx, originalTransactionId, carrier)
  } catch (error) {
    if (error instanceof ShippingNotFoundError) return undefined
    throw error
  }
}

function createRequestOf(
  ctx: ShipmentCallContext,
  shipment: unknown,
  options: ShipmentVariantOptions,
  transactionId: string
) {
  return buildCreateShipment({
    ...shipperHeaders(ctx),
    ...options,
    shipment,
    transactionId,
  })
}

/** Checkout's dry run: refused for the same reasons, in the same words, as the purchase. Sends nothing. */
export function checkShipment(
  ctx: Pick<ShipmentCallContext, "config">,
  shipment: unknown,
  options: ShipmentVariantOptions = {}
): Violation[] {
  // A valid id, so the dry run is not refused for the id it does not send.
  const built = createRequestOf(
    ctx as ShipmentCallContext,
    shipment,
    options,
    DRY_RUN_TRANSACTION_ID
  )
  return built.ok ? [] : built.violations
}

const DRY_RUN_TRANSACTION_ID = "dry-run"

/** Doc 2 rule 4 recovery; an invalid request sends nothing, not even the token request. */
export async function createShipment(
  ctx: ShipmentCallContext,
  shipment: unknown,
  options: CreateShipmentOptions
): Promise<CreateShipmentResult<CreatedShipmentResponse>> {
  const operation = "createShipment"
  const build = (transactionId: string) =>
    sendable(
      ctx,
      createRequestOf(ctx, shipment, options, transactionId),
      operation,
      transactionId
    )
  const first = build(options.transactionId)
  const carrier = first.variant ? CARRIER_OF_VARIANT[first.variant] : undefined
  if (!carrier) throw new Error(`${operation}: the builder returned no variant`)

  return createWithRecovery(
    {
      async post(transactionId) {
        const { request } =
          transactionId === options.transactionId ? first : build(transactionId)
        const response = await ctx.send(request, {
          operation,
          retry: "create",
          transactionId,
        })
        return read(
          ctx,
          parseShipmentResponse(response.body),
          response,
          operation,
          transactionId
        )
      },
      lookup: (transactionId) => findShipment(ctx, transactionId, carrier),
    },
    options,
    operation
  )
}

/** Not retried after a 5xx or a lost answer: each reprint counts toward the service's limit of 3. */
export async function reprintShipment(
  ctx: ShipmentCallContext,
  shipmentId: string,
  carrier: Carrier
): Promise<CreatedShipmentResponse> {
  const operation = "reprintShipment"
  const request = unwrap(
    buildReprintShipment({ shipmentId, carrier }),
    operation
  )
  const response = await ctx.send(request, {
    operation,
    retry: "not-idempotent",
  })
  return read(ctx, parseShipmentResponse(response.body), response, operation)
}

/** Recognised by code or, failing that, by words (doc 4). */
export function isAlreadyVoided(error: unknown): boolean {
  if (!(error instanceof ShippingBadRequestError)) return false
  return (
    error.codes.includes(ALREADY_VOIDED_ERROR_CODE) ||
    error.messages.some((m) =>
      /already\s+(been\s+)?(voided|cancell?ed)/i.test(m)
    )
  )
}

/** Retried like a GET: a repeat after a lost answer meets "already voided", which counts as done. */
export async function voidShipment(
  ctx: ShipmentCallContext,
  shipmentId: string,
  options: {
    carrier: Carrier
    transactionId: string
    carrierAccountId?: string
  }
): Promise<VoidShipmentResult> {
  const operation = "voidShipment"
  const request = unwrap(
    buildVoidShipment({
      shipmentId,
      carrier: options.carrier,
      transactionId: options.transactionId,
      carrierAccountId:
        options.carrierAccountId ?? ctx.config.shipper.carrierAccountId,
    }),
    operation,
    options.transactionId
  )
  try {
    const response = await ctx.send(request, {
      operation,
      retry: "idempotent",
      transactionId: options.transactionId,
    })
    return {
      alreadyVoided: false,
      ...read(
        ctx,
        parseVoidResponse(response.body),
        response,
        operation,
        options.transactionId
      ),
    }
  } catch (error) {
    if (isAlreadyVoided(error)) return { alreadyVoided: true }
    throw error
  }
}

/** Rating changes nothing at the service, so it is retried like a GET. */
export async function getRates(
  ctx: ShipmentCallContext,
  shipment: unknown,
  options: ShipmentVariantOptions & { transactionId?: string } = {}
): Promise<RatesResponse> {
  const operation = "getRates"
  const { request } = sendable(
    ctx,
    buildRates({ ...shipperHeaders(ctx), ...options, shipment }),
    operation,
    options.transactionId
  )
  const response = await ctx.send(request, {
    operation,
    retry: "idempotent",
    transactionId: options.transactionId,
  })
  return read(
    ctx,
    parseRatesResponse(response.body),
    response,
    operation,
    options.transactionId
  )
}

/** Creates a scan form, so never repeated after an unclear answer. */
export async function createManifest(
  ctx: ShipmentCallContext,
  manifest: unknown,
  options: { transactionId: string }
): Promise<ManifestResponse> {
  const operation = "createManifest"
  const request = unwrap(
    buildManifest({
      manifest,
      transactionId: options.transactionId,
      acceptLanguage: ctx.config.acceptLanguage,
      carrierCodes: ctx.config.carrierCodes,
    }),
    operation,
    options.transactionId
  )
  const response = await ctx.send(request, {
    operation,
    retry: "not-idempotent",
    transactionId: options.transactionId,
  })
  return read(
    ctx,
    parseManifestResponse(response.body),
    response,
    operation,
    options.transactionId
  )
}
