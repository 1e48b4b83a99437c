import type { LockingLike } from "../../lib/locking"
import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { inPostalMaintenance } from "../../lib/tracking/maintenance"
import {
  afterPollFailure,
  afterPollSuccess,
  pollDueFilter,
  pollErrorKind,
  sweepShouldStop,
  type PollUpdate,
} from "../../lib/tracking/poll-plan"
import { rowsOfTrackingResponse } from "../../lib/tracking/response-rows"
import type ShippingServicesModuleService from "../../modules/shipping-services/service"
import { pluginClient } from "../../lib/plugin-client"
import type { ShippingClient } from "../../shipping-api/client"
import type { Carrier } from "../../shipping-api/constants"
import { ShippingApiError } from "../../shipping-api/errors"
import { TRACKING_STORED_EVENT } from "./tracking-announcer"
import { emitPluginEvents, eventBusOf } from "../events/plugin-events"
import { withLock } from "../../lib/locking"
import { add, METRICS, SPANS, withSpan } from "../../lib/telemetry"
import { shippingOf } from "../../modules/shipping-services"

// Pages of polling.batchSize keep memory flat; one sweep at a time; a service away stops it early.

export const POLL_LOCK_KEY = "shipping-services:tracking-poll"
/** Unprocessed events older than this are announced again (a lost announcement, a failed apply). */
export const REANNOUNCE_AFTER_MS = 10 * 60_000
const REANNOUNCE_WITHIN_MS = 7 * 24 * 60 * 60_000
const REANNOUNCE_MAX_EVENTS = 1_000
const ANNOUNCE_CHUNK = 500

export type SweepDeps = {
  shipping: ShippingServicesModuleService
  logger: Logger
  locking?: LockingLike
  client?: ShippingClient
  /** Announces tracking numbers with new events (default: Medusa's event bus). */
  announce: (trackingNumbers: string[]) => Promise<void>
}

export function sweepDeps(container: MedusaContainer): SweepDeps {
  const bus = eventBusOf(container)
  return {
    shipping: shippingOf(container),
    logger: container.resolve(ContainerRegistrationKeys.LOGGER),
    locking: container.resolve(Modules.LOCKING, { allowUnregistered: true }) as
      LockingLike | undefined,
    announce: async (trackingNumbers) => {
      for (let i = 0; i < trackingNumbers.length; i += ANNOUNCE_CHUNK) {
        await emitPluginEvents(bus, [
          {
            name: TRACKING_STORED_EVENT,
            data: {
              tracking_numbers: trackingNumbers.slice(i, i + ANNOUNCE_CHUNK),
            },
          },
        ])
      }
    },
  }
}

export type SweepStats = {
  skipped?: "disabled" | "busy"
  postal_paused: boolean
  pages: number
  /** Shipments found due (and asked about, unless the sweep stopped). */
  due: number
  polled: number
  failed: number
  stored: number
  /** Tracking numbers announced because they got new events. */
  announced: number
  /** Tracking numbers announced again because older events were still unprocessed. */
  reannounced: number
  stopped?: string
  ms: number
}

export type SweepOptions = {
  /** The sweep's clock (tests and the bench move it). Default: now. */
  now?: Date
}

export async function pollTrackingSweep(
  container: MedusaContainer,
  options: SweepOptions = {}
): Promise<SweepStats> {
  return pollTrackingSweepWith(sweepDeps(container), options)
}

export async function pollTrackingSweepWith(
  deps: SweepDeps,
  options: SweepOptions = {}
): Promise<SweepStats> {
  return withSpan(SPANS.pollSweep, {}, async (span) => {
    const stats = await sweepOnce(deps, options)
    const outcome = stats.skipped ?? (stats.stopped ? "stopped" : "done")
    span.setAttributes({
      "shipping_services.outcome": outcome,
      "shipping_services.poll.due": stats.due,
      "shipping_services.poll.polled": stats.polled,
      "shipping_services.poll.failed": stats.failed,
      "shipping_services.poll.stored": stats.stored,
      "shipping_services.poll.reannounced": stats.reannounced,
    })
    add(METRICS.pollSweeps, 1, { "shipping_services.outcome": outcome })
    add(METRICS.pollShipments, stats.polled - stats.failed, {
      "shipping_services.outcome": "polled",
    })
    add(METRICS.pollShipments, stats.failed, {
      "shipping_services.outcome": "failed",
    })
    add(METRICS.pollEvents, stats.stored, {})
    return stats
  })
}

async function sweepOnce(
  deps: SweepDeps,
  options: SweepOptions
): Promise<SweepStats> {
  const started = Date.now()
  const now = options.now ?? new Date()
  const empty: SweepStats = {
    postal_paused: inPostalMaintenance(now),
    pages: 0,
    due: 0,
    polled: 0,
    failed: 0,
    stored: 0,
    announced: 0,
    reannounced: 0,
    ms: 0,
  }
  if (!deps.shipping.getOptions().polling.enabled)
    return { ...empty, skipped: "disabled" }
  const result = await withLock(
    deps.locking,
    POLL_LOCK_KEY,
    () => sweep(deps, now, empty, started),
    { timeout: 1, expire: 30 * 60, whenHeld: "busy" }
  )
  if (result !== "busy") return result
  deps.logger.info(
    "shipping-services: a tracking poll sweep is still running; this one is skipped"
  )
  return { ...empty, skipped: "busy", ms: Date.now() - started }
}

type Due = {
  id: string
  tracking_number: string | null
  carrier: string
  poll_failures: number | null
}
type Outcome = {
  id: string
  tracking_number: string
  stored: number
  update: PollUpdate | null
  ok: boolean
}

async function sweep(
  deps: SweepDeps,
  now: Date,
  stats: SweepStats,
  started: number
): Promise<SweepStats> {
  const { shipping, logger } = deps
  const options = shipping.getOptions()
  const settings = { staleAfterMinutes: options.polling.staleAfterMinutes }
  const client = deps.client ?? pluginClient(options, logger)
  const out = { ...stats }
  const state = { stop: undefined as string | undefined, outagesInARow: 0 }

  const pollOne = async (s: Due): Promise<Outcome | undefined> => {
    if (state.stop || !s.tracking_number) return undefined
    const trackingNumber = s.tracking_number
    try {
      const response = await client.getTracking(trackingNumber, {
        parcelCarrier: s.carrier as Carrier,
      })
      state.outagesInARow = 0
      const rows = rowsOfTrackingResponse(trackingNumber, response, s.id)
      const ids = rows.length ? await shipping.trackingEvents().write(rows) : []
      return {
        id: s.id,
        tracking_number: trackingNumber,
        stored: ids.filter(Boolean).length,
        update: afterPollSuccess(now, settings),
        ok: true,
      }
    } catch (error) {
      const kind = pollErrorKind(error)
      state.outagesInARow = kind === "outage" ? state.outagesInARow + 1 : 0
      if (sweepShouldStop(kind, state.outagesInARow) && !state.stop) {
        state.stop = `${kind === "auth" ? "the service refused the credentials" : "the service looks down"}: ${error instanceof Error ? error.message : String(error)}`
      }
      const retryAfterMs =
        error instanceof ShippingApiError
          ? (error as { retryAfterMs?: number }).retryAfterMs
          : undefined
      // Refused credentials say nothing about this parcel: it is not backed off.
      const update =
        kind === "auth"
          ? null
          : afterPollFailure(now, s.poll_failures, retryAfterMs)
      if (kind === "shipment")
        logger.debug?.(
          `shipping-services: tracking poll of ${trackingNumber} failed: ${error instanceof Error ? error.message : String(error)}`
        )
      return {
        id: s.id,
        tracking_number: trackingNumber,
        stored: 0,
        update,
        ok: false,
      }
    }
  }

  const announcedNow = new Set<string>()
  let after: string | null = null
  for (;;) {
    const page = (await shipping.listShipments(
      pollDueFilter({ now, settings, postalPaused: out.postal_paused, after }),
      {
        select: ["id", "tracking_number", "carrier", "poll_failures"],
        take: options.polling.batchSize,
        order: { id: "ASC" },
      }
    )) as Due[]
    if (!page.length) break
    out.pages++
    out.due += page.length
    after = page[page.length - 1]!.id
    const outcomes = (
      await mapLimit(page, options.polling.concurrency, pollOne)
    ).filter((o): o is Outcome => !!o)
    out.polled += outcomes.length
    out.failed += outcomes.filter((o) => !o.ok).length
    out.stored += outcomes.reduce((n, o) => n + o.stored, 0)
    const updates = outcomes
      .filter((o) => o.update)
      .map((o) => ({ id: o.id, ...o.update! }))
    if (updates.length) await shipping.updateShipments(updates)
    const fresh = [
      ...new Set(
        outcomes.filter((o) => o.stored > 0).map((o) => o.tracking_number)
      ),
    ]
    if (fresh.length) {
      fresh.forEach((t) => announcedNow.add(t))
      await announceSafely(deps, fresh)
      out.announced += fresh.length
    }
    if (state.stop) {
      out.stopped = state.stop
      logger.warn(
        `shipping-services: tracking poll sweep stopped early, ${state.stop}; the remaining shipments are polled next time`
      )
      break
    }
    if (page.length < options.polling.batchSize) break
  }
  out.reannounced = await reannounceUnprocessed(deps, announcedNow)
  out.ms = Date.now() - started
  if (out.due) {
    logger.info(
      `shipping-services: tracking poll: ${out.polled} of ${out.due} due shipment(s) polled, ${out.failed} failed, ${out.stored} new event(s)${out.postal_paused ? " (postal paused: maintenance window)" : ""}`
    )
  }
  return out
}

async function announceSafely(
  deps: SweepDeps,
  trackingNumbers: string[]
): Promise<void> {
  try {
    await deps.announce(trackingNumbers)
  } catch (error) {
    // The events are stored: the next sweep announces them again (reannounceUnprocessed).
    deps.logger.warn(
      `shipping-services: could not announce polled tracking events: ${error instanceof Error ? error.message : String(error)}`
    )
  }
}

// A lost announcement or a failed apply; storage time is the database's clock, so real time here.
async function reannounceUnprocessed(
  deps: SweepDeps,
  justAnnounced: Set<string>
): Promise<number> {
  const { shipping } = deps
  const now = new Date()
  const events = await shipping.listTrackingEvents(
    {
      processed_at: null,
      created_at: {
        $lte: new Date(now.getTime() - REANNOUNCE_AFTER_MS),
        $gte: new Date(now.getTime() - REANNOUNCE_WITHIN_MS),
      },
    },
    {
      select: ["tracking_number"],
      take: REANNOUNCE_MAX_EVENTS,
      order: { created_at: "ASC" },
    }
  )
  const numbers = [...new Set(events.map((e) => e.tracking_number))].filter(
    (t) => !justAnnounced.has(t)
  )
  if (!numbers.length) return 0
  const known = await shipping.listShipments(
    { tracking_number: numbers, status: ["created", "voided"] },
    { select: ["tracking_number"] }
  )
  const announce = [
    ...new Set(
      known.map((s) => s.tracking_number).filter((t): t is string => !!t)
    ),
  ]
  if (announce.length) await announceSafely(deps, announce)
  return announce.length
}

/** Runs `task` over `items` with at most `limit` in flight; results in input order. */
async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<R>
): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const i = next++
      results[i] = await task(items[i]!)
    }
  }
  await Promise.all(
    Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker)
  )
  return results
}
