import {
  parseSandboxHeader,
  SANDBOX_HEADER,
  type SandboxClockReading,
} from "../sandbox-identity"

/**
 * Who answers this client: learnt from the answers to its own calls (any root, any status), the
 * latest answer winning. Nothing else feeds it: an incoming request (a webhook) never reaches a
 * client.
 * - `unknown`: no answer yet in this process;
 * - `service`: the last answer carried no sandbox header (the real service);
 * - `sandbox`: the last answer carried a valid one, with the sandbox's clock when it answered.
 */
export type ServiceIdentity =
  | { kind: "unknown" }
  | { kind: "service"; seenAt: number }
  | ({ kind: "sandbox"; seenAt: number } & SandboxClockReading)

export class IdentityTracker {
  #identity: ServiceIdentity = { kind: "unknown" }

  /** An answer arrived at `localNow` (our clock) with these headers. */
  observe(headers: Pick<Headers, "get">, localNow: number): void {
    // Concurrent answers settle in any order: the one that arrived last tells.
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

  /**
   * The sandbox's clock at `localNow`, carried forward from the last reading at its speed; undefined
   * unless the last answer came from the sandbox. Advances made through its control API since
   * that reading are not in it: a caller that needs them asks again (ShippingClient.checkIdentity).
   */
  sandboxNow(localNow: number): number | undefined {
    const id = this.#identity
    if (id.kind !== "sandbox") return undefined
    return id.clockMs + Math.max(0, localNow - id.seenAt) * id.speed
  }
}
