/**
 * Sandbox time: real time scaled by `speed`, plus whatever was advanced by hand. Timelines,
 * token expiry, label URL validity, the retry window and void windows all read this clock, so a
 * test can cross "30 days" in one call.
 */
export type ClockSnapshot = {
  now: string
  nowMs: number
  speed: number
  advancedMs: number
}

export class SandboxClock {
  private anchorReal: number
  private anchorSandbox: number
  private advanced = 0
  private readonly listeners = new Set<() => void>()

  constructor(
    start: number,
    private speedFactor: number,
    private readonly realNow: () => number = Date.now
  ) {
    this.anchorReal = realNow()
    this.anchorSandbox = start
  }

  now(): number {
    return Math.floor(
      this.anchorSandbox + (this.realNow() - this.anchorReal) * this.speedFactor
    )
  }

  get speed(): number {
    return this.speedFactor
  }

  /** Moves forward only: timelines and expiries assume time never goes back. */
  advance(ms: number): void {
    if (!(ms > 0)) return
    this.rebase()
    this.anchorSandbox += ms
    this.advanced += ms
    this.changed()
  }

  advanceTo(instant: number): void {
    this.advance(instant - this.now())
  }

  setSpeed(speed: number): void {
    if (!(speed >= 0) || !Number.isFinite(speed))
      throw new Error("speed must be a finite number, 0 or more")
    this.rebase()
    this.speedFactor = speed
    this.changed()
  }

  /** Real milliseconds until the clock shows `instant`; null when the clock is frozen. */
  realDelayUntil(instant: number): number | null {
    const ahead = instant - this.now()
    if (ahead <= 0) return 0
    return this.speedFactor > 0 ? Math.ceil(ahead / this.speedFactor) : null
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  snapshot(): ClockSnapshot {
    const nowMs = this.now()
    return {
      now: new Date(nowMs).toISOString(),
      nowMs,
      speed: this.speedFactor,
      advancedMs: this.advanced,
    }
  }

  /** Restores a saved instant (persistence): the clock continues from where it stopped. */
  restore(nowMs: number, speed: number, advancedMs: number): void {
    this.anchorReal = this.realNow()
    this.anchorSandbox = nowMs
    this.speedFactor = speed
    this.advanced = advancedMs
    this.changed()
  }

  private rebase(): void {
    const now = this.now()
    this.anchorReal = this.realNow()
    this.anchorSandbox = now
  }

  private changed(): void {
    for (const l of this.listeners) l()
  }
}
