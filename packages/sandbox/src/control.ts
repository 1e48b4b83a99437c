import { expireAllTokens } from "./auth"
import type { ClockSnapshot } from "./clock"
import type { SandboxAccount, SandboxContactSeed } from "./options"
import type { StatsSnapshot } from "./stats"
import type { StateDump } from "./state/store"
import {
  isScenario,
  planTimeline,
  SCENARIO_NAMES,
  type ScenarioName,
} from "./tracking/scenarios"
import {
  DISPATCH_MODES,
  type DeliveryLogEntry,
  type DispatchMode,
} from "./webhooks/dispatcher"
import { seedAccount, seedContact, seedState } from "./seed"
import type { World } from "./world"

export type AdvanceBy = { seconds: number } | { until: "next" | "done" }

/**
 * What tests and developers steer: the clock, scenarios, webhook delivery, faults, latency,
 * counters and the state. The HTTP control API (/_sandbox/...) is a thin layer over this class,
 * and `handle.control` is this class, so a test needs no HTTP to steer the sandbox.
 */
export class SandboxControl {
  constructor(private readonly world: World) {}

  // Clock

  clock(): ClockSnapshot & {
    nextEventAt: string | null
    lastEventAt: string | null
    pendingEvents: number
  } {
    const { scheduler } = this.world
    const iso = (ms: number | undefined) =>
      ms === undefined ? null : new Date(ms).toISOString()
    return {
      ...this.world.clock.snapshot(),
      nextEventAt: iso(scheduler.nextAt()),
      lastEventAt: iso(scheduler.lastAt()),
      pendingEvents: scheduler.pending(),
    }
  }

  /** Moves sandbox time forward and emits every event that came due, in time order. */
  advance(by: AdvanceBy): { now: string; emitted: number } {
    const { clock, scheduler } = this.world
    const before = scheduler.pending()
    if ("seconds" in by) {
      if (!(by.seconds >= 0)) throw new RangeError("seconds must be 0 or more")
      clock.advance(by.seconds * 1000)
    } else if (by.until === "next" || by.until === "done") {
      const target =
        by.until === "next" ? scheduler.nextAt() : scheduler.lastAt()
      if (target !== undefined) clock.advanceTo(target)
    } else {
      throw new RangeError('until must be "next" or "done"')
    }
    scheduler.run()
    this.world.saver.touch()
    return {
      now: new Date(clock.now()).toISOString(),
      emitted: before - scheduler.pending(),
    }
  }

  setSpeed(speed: number): ClockSnapshot {
    this.world.clock.setSpeed(speed)
    return this.world.clock.snapshot()
  }

  // Scenarios

  scenarios(): { default: ScenarioName; available: ScenarioName[] } {
    return { default: this.world.scenario.default, available: SCENARIO_NAMES }
  }

  setDefaultScenario(name: string): void {
    this.world.scenario.default = scenarioName(name)
  }

  /**
   * Replaces the timeline of an existing shipment. Events of the new scenario whose time has
   * passed count as already emitted (they are not sent again as webhooks).
   */
  setScenario(
    trackingNumber: string,
    name: string
  ): { trackingNumber: string; scenario: ScenarioName; events: number } {
    const s = this.world.store.shipmentByTracking(trackingNumber)
    if (!s)
      throw new RangeError(`no shipment with tracking number ${trackingNumber}`)
    const scenario = scenarioName(name)
    const now = this.world.clock.now()
    let timeline = planTimeline(scenario, s.createdAt)
    if (s.voidedAt !== undefined)
      timeline = timeline.filter((e) => e.at <= s.voidedAt!)
    s.scenario = scenario
    s.timeline = timeline
    s.emitted = timeline.filter((e) => e.at <= now).length
    this.world.scheduler.schedule(s)
    this.world.saver.touch()
    return { trackingNumber, scenario, events: timeline.length }
  }

  // Webhooks

  webhooks(): { delivery: boolean; mode: DispatchMode; inFlight: number } {
    const d = this.world.dispatcher
    return { delivery: d.enabled, mode: d.mode, inFlight: d.inFlight() }
  }

  /** Off: notifications that come due are logged as `suppressed` and never sent (polling tests). */
  setWebhookDelivery(on: boolean): void {
    this.world.dispatcher.enabled = on
  }

  /** `duplicate`: every notification is delivered twice; `out-of-order`: each batch newest first. */
  setWebhookMode(mode: string): void {
    if (!DISPATCH_MODES.includes(mode as DispatchMode))
      throw new RangeError(`mode must be one of ${DISPATCH_MODES.join(", ")}`)
    this.world.dispatcher.mode = mode as DispatchMode
  }

  webhookLog(since = 0): DeliveryLogEntry[] {
    return this.world.dispatcher.entries(since)
  }

  clearWebhookLog(): void {
    this.world.dispatcher.clearLog()
  }

  /** Resolves once every queued delivery was delivered or given up. */
  async settleWebhooks(timeoutMs = 30_000): Promise<{ settled: boolean }> {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<boolean>(
      (r) => (timer = setTimeout(() => r(false), timeoutMs))
    )
    const settled = await Promise.race([
      this.world.dispatcher.idle().then(() => true),
      timeout,
    ])
    clearTimeout(timer)
    return { settled }
  }

  // Faults, latency, tokens

  injectFault(operation: string, fault: string, count = 1): void {
    this.world.faults.inject(operation, fault, count)
  }

  setLatency(operation: string, ms: number): void {
    this.world.faults.setLatency(operation, ms)
  }

  faults(): ReturnType<World["faults"]["snapshot"]> {
    return this.world.faults.snapshot()
  }

  clearFaults(): void {
    this.world.faults.clear()
  }

  expireTokens(): { expired: number } {
    return { expired: expireAllTokens(this.world.store) }
  }

  // Counters

  stats(): StatsSnapshot {
    return this.world.stats.snapshot()
  }

  resetStats(): void {
    this.world.stats.reset()
  }

  // State, accounts, contacts

  dumpState(): StateDump {
    const { clock } = this.world
    return this.world.store.dump(
      {
        nowMs: clock.now(),
        speed: clock.speed,
        advancedMs: clock.snapshot().advancedMs,
      },
      this.world.scenario.default
    )
  }

  /** Back to the seeded state (accounts, contacts); the clock keeps running forward. */
  resetState(): void {
    seedState(this.world)
    this.world.stats.reset()
    this.world.faults.clear()
    this.world.dispatcher.clearLog()
    this.world.scheduler.rebuild()
    this.world.saver.touch()
  }

  saveState(): void {
    this.world.saver.flush()
  }

  accounts(): Omit<SandboxAccount, "apiSecret">[] {
    return [...this.world.store.accounts.values()].map(
      ({ apiSecret: _secret, ...a }) => a
    )
  }

  addAccount(account: SandboxAccount): void {
    if (!account?.apiKey || !account.apiSecret)
      throw new RangeError("an account needs apiKey and apiSecret")
    seedAccount(this.world, account)
    this.world.saver.touch()
  }

  contacts(apiKey?: string) {
    return [...this.world.store.contacts.values()].filter(
      (c) => !apiKey || c.apiKey === apiKey
    )
  }

  addContact(contact: SandboxContactSeed): void {
    if (!contact?.contactId || !contact.name)
      throw new RangeError("a contact needs contactId and name")
    seedContact(this.world, contact)
    this.world.saver.touch()
  }
}

function scenarioName(name: string): ScenarioName {
  if (!isScenario(name))
    throw new RangeError(`scenario must be one of ${SCENARIO_NAMES.join(", ")}`)
  return name
}
