import type { SandboxClock } from "./clock"
import type { FaultPlan } from "./faults"
import type { IdFactory } from "./ids"
import type { ResolvedOptions } from "./options"
import type { SandboxStats } from "./stats"
import type { StateSaver } from "./state/persistence"
import type { SandboxStore } from "./state/store"
import type { ScenarioName } from "./tracking/scenarios"
import type { TimelineScheduler } from "./tracking/scheduler"
import type { WebhookDispatcher } from "./webhooks/dispatcher"

/** Everything a handler may touch, built once by startSandbox. */
export type World = {
  options: ResolvedOptions
  store: SandboxStore
  clock: SandboxClock
  ids: IdFactory
  scheduler: TimelineScheduler
  dispatcher: WebhookDispatcher
  faults: FaultPlan
  stats: SandboxStats
  saver: StateSaver
  /** Origin advertised in URLs (label files, tracking pages), e.g. http://127.0.0.1:4010. */
  origin(): string
  scenario: { default: ScenarioName }
  log(line: string): void
}
