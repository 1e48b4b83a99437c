/**
 * Fault injection. A fault comes from the request's `X-Sandbox-Fault` header or from a plan set
 * through the control API ("the next N requests of operation X"). Server-side failures happen
 * AFTER the operation did its work unless the name ends in `-before`: that is the case doc 2
 * rule 4 is about (a label exists although the answer was an error), and the retry operation must
 * find it.
 *
 *   400                  answer 400 (a refusal of the request, standard error object), nothing done
 *   500 | 500-before     answer 500 (standard error object)
 *   503                  answer 503 (maintenance), nothing done
 *   429[=seconds]        answer 429 with Retry-After (default 1), nothing done
 *   hang | hang-before   accept and never answer (until the client gives up or the sandbox closes)
 *   delay=<ms>           do the work, answer after <ms> or when the faults are cleared
 *   drop | drop-before   destroy the socket without an answer
 *   expire-tokens        expire every token now; this request then fails with 401
 */
export type Fault =
  | { kind: "error"; status: 400 | 500 | 503; before: boolean }
  | { kind: "throttle"; retryAfterSeconds: number }
  | { kind: "hang"; before: boolean }
  | { kind: "delay"; ms: number }
  | { kind: "drop"; before: boolean }
  | { kind: "expire-tokens" }

export function parseFault(spec: string): Fault | undefined {
  const s = spec.trim().toLowerCase()
  const [name, arg] = s.split("=", 2) as [string, string | undefined]
  switch (name) {
    case "400":
      return { kind: "error", status: 400, before: true }
    case "500":
      return { kind: "error", status: 500, before: false }
    case "500-before":
      return { kind: "error", status: 500, before: true }
    case "503":
      return { kind: "error", status: 503, before: true }
    case "429": {
      const seconds = arg === undefined ? 1 : Number(arg)
      return Number.isFinite(seconds) && seconds >= 0
        ? { kind: "throttle", retryAfterSeconds: seconds }
        : undefined
    }
    case "hang":
    case "hang-before":
      return { kind: "hang", before: name === "hang-before" }
    case "delay": {
      const ms = Number(arg)
      return Number.isFinite(ms) && ms >= 0 ? { kind: "delay", ms } : undefined
    }
    case "drop":
    case "drop-before":
      return { kind: "drop", before: name === "drop-before" }
    case "expire-tokens":
      return { kind: "expire-tokens" }
    default:
      return undefined
  }
}

export const FAULT_NAMES = [
  "400",
  "500",
  "500-before",
  "503",
  "429[=seconds]",
  "hang",
  "hang-before",
  "delay=<ms>",
  "drop",
  "drop-before",
  "expire-tokens",
]

type Planned = { spec: string; fault: Fault; remaining: number }

/** Faults planned per operation (`*` = any operation) and extra latency per operation. */
export class FaultPlan {
  private readonly planned = new Map<string, Planned[]>()
  private readonly latency = new Map<string, number>()
  private readonly waiting = new Set<() => void>()

  inject(operation: string, spec: string, count = 1): void {
    const fault = parseFault(spec)
    if (!fault)
      throw new Error(
        `unknown fault "${spec}"; one of ${FAULT_NAMES.join(", ")}`
      )
    if (!(count >= 1)) throw new Error("count must be 1 or more")
    const list = this.planned.get(operation) ?? []
    list.push({ spec, fault, remaining: Math.floor(count) })
    this.planned.set(operation, list)
  }

  /** The fault for this request, consuming one use of the plan. */
  take(operation: string): Fault | undefined {
    for (const op of [operation, "*"]) {
      const list = this.planned.get(op)
      const first = list?.[0]
      if (!first) continue
      if (--first.remaining <= 0) list.shift()
      if (!list.length) this.planned.delete(op)
      return first.fault
    }
    return undefined
  }

  setLatency(operation: string, ms: number): void {
    if (!(ms >= 0)) throw new Error("latency must be 0 or more milliseconds")
    if (ms === 0) this.latency.delete(operation)
    else this.latency.set(operation, ms)
  }

  latencyOf(operation: string): number {
    return this.latency.get(operation) ?? this.latency.get("*") ?? 0
  }

  /** Waits ms, or less if the faults are cleared meanwhile: a test releases what it held. */
  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const release = () => {
        clearTimeout(timer)
        this.waiting.delete(release)
        resolve()
      }
      const timer = setTimeout(release, ms)
      this.waiting.add(release)
    })
  }

  clear(): void {
    this.planned.clear()
    this.latency.clear()
    for (const release of [...this.waiting]) release()
  }

  snapshot(): {
    faults: Record<string, { fault: string; remaining: number }[]>
    latencyMs: Record<string, number>
  } {
    const faults: Record<string, { fault: string; remaining: number }[]> = {}
    for (const [op, list] of this.planned)
      faults[op] = list.map((p) => ({ fault: p.spec, remaining: p.remaining }))
    return { faults, latencyMs: Object.fromEntries(this.latency) }
  }
}
