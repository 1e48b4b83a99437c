import {
  parseSandboxHeader,
  SANDBOX_HEADER,
  type SandboxClockReading,
} from "../sandbox-identity"

/** Learnt only from answers to this client's calls, latest winning; `sandbox` carries the sandbox's clock. */
export type ServiceIdentity =
  | { kind: "unknown" }
  | { kind: "service"; seenAt: number }
  | ({ kind: "sandbox"; seenAt: number } & SandboxClockReading)

export class IdentityTracker {
  #identity: ServiceIdentity = { kind: "unknown" }

  observe(headers: Pick<Headers, "get">, localNow: number): void {
    // Concurrent answers settle in any order: the last to arrive tells.
    if (this.#identity.kind !== "unknown" && this.#identity.seenAt > localNow)
      return
    const reading = parseSandboxHeader(headers.get(SANDBOX_HEADER))
    this.#identity = reading
      ? { kind: "sandbox", seenAt: localNow, ...reading }
      : { kind: "service", seenAt: localNow }
  }

  current(): ServiceIdentity {
    return this.#identity
  }

  /** Carried forward at the sandbox's speed; advances made since the last reading need checkIdentity. */
  sandboxNow(localNow: number): number | undefined {
    const id = this.#identity
    if (id.kind !== "sandbox") return undefined
    return id.clockMs + Math.max(0, localNow - id.seenAt) * id.speed
  }
}
