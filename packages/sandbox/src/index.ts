/**
 * The local sandbox of the shipping service (tests, demo, offline development). Never loaded by
 * the plugin at runtime. See docs/sandbox.md.
 */
export { startSandbox, type SandboxHandle, type SandboxRoots } from "./server"
export type {
  SandboxOptions,
  SandboxAccount,
  SandboxContactSeed,
} from "./options"
export { SandboxControl, type AdvanceBy } from "./control"
export { SCENARIO_NAMES, type ScenarioName } from "./tracking/scenarios"
export { FAULT_NAMES } from "./faults"
export type { DeliveryLogEntry, DispatchMode } from "./webhooks/dispatcher"
export type { StatsSnapshot } from "./stats"
