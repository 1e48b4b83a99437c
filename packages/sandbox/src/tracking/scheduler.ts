import type { SandboxClock } from "../clock"
import type { ShipmentRecord } from "../state/model"

type Entry = { at: number; seq: number; shipmentId: string; index: number }

/** One timeline event that came due. */
export type Due = { shipment: ShipmentRecord; index: number }

/**
 * Emits timeline events when the sandbox clock reaches them, in time order across all
 * shipments. One heap entry per shipment (its next event) and one timer for the earliest entry;
 * a shipment whose timeline changed (scenario switch, void) just gets a new entry and the old one
 * is recognised as stale when it comes up.
 */
export class TimelineScheduler {
  private readonly heap: Entry[] = []
  private seq = 0
  private timer: NodeJS.Timeout | undefined
  private closed = false

  constructor(
    private readonly clock: SandboxClock,
    private readonly shipments: Map<string, ShipmentRecord>,
    /** Everything that came due in one pass, in time order. */
    private readonly emit: (due: Due[]) => void
  ) {
    clock.onChange(() => this.run())
  }

  schedule(s: ShipmentRecord): void {
    const next = s.timeline[s.emitted]
    if (!next) return
    this.push({
      at: next.at,
      seq: this.seq++,
      shipmentId: s.shipmentId,
      index: s.emitted,
    })
    if (this.heap[0]?.shipmentId === s.shipmentId) this.arm()
  }

  /** After the state was replaced (load, reset). */
  rebuild(): void {
    this.heap.length = 0
    for (const s of this.shipments.values()) this.schedule(s)
    this.run()
  }

  nextAt(): number | undefined {
    return this.firstCurrent()?.at
  }

  /** When the last pending event of any shipment is due. */
  lastAt(): number | undefined {
    let last: number | undefined
    for (const s of this.shipments.values()) {
      const end = s.timeline[s.timeline.length - 1]
      if (
        s.emitted < s.timeline.length &&
        end &&
        (last === undefined || end.at > last)
      )
        last = end.at
    }
    return last
  }

  pending(): number {
    let n = 0
    for (const s of this.shipments.values()) n += s.timeline.length - s.emitted
    return n
  }

  /** Emits every event whose time has come; returns how many. */
  run(): number {
    if (this.closed) return 0
    const now = this.clock.now()
    const due: Due[] = []
    while (this.heap.length && this.heap[0]!.at <= now) {
      const e = this.pop()
      if (!this.isCurrent(e)) continue
      const s = this.shipments.get(e.shipmentId)!
      s.emitted++
      due.push({ shipment: s, index: e.index })
      const next = s.timeline[s.emitted]
      if (next)
        this.push({
          at: next.at,
          seq: this.seq++,
          shipmentId: s.shipmentId,
          index: s.emitted,
        })
    }
    if (due.length) this.emit(due)
    this.arm()
    return due.length
  }

  close(): void {
    this.closed = true
    if (this.timer) clearTimeout(this.timer)
  }

  private isCurrent(e: Entry): boolean {
    const s = this.shipments.get(e.shipmentId)
    return !!s && e.index === s.emitted && s.timeline[e.index]?.at === e.at
  }

  private firstCurrent(): Entry | undefined {
    let best: Entry | undefined
    for (const e of this.heap)
      if (this.isCurrent(e) && (!best || e.at < best.at)) best = e
    return best
  }

  private arm(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    const top = this.heap[0]
    if (!top || this.closed) return
    const delay = this.clock.realDelayUntil(top.at)
    if (delay === null) return
    this.timer = setTimeout(() => this.run(), Math.min(delay, 2_147_483_647))
    this.timer.unref()
  }

  private push(e: Entry): void {
    const h = this.heap
    h.push(e)
    let i = h.length - 1
    while (i > 0) {
      const p = (i - 1) >> 1
      if (!before(h[i]!, h[p]!)) break
      ;[h[i], h[p]] = [h[p]!, h[i]!]
      i = p
    }
  }

  private pop(): Entry {
    const h = this.heap
    const top = h[0]!
    const last = h.pop()!
    if (h.length) {
      h[0] = last
      let i = 0
      for (;;) {
        const l = 2 * i + 1
        const r = l + 1
        let m = i
        if (l < h.length && before(h[l]!, h[m]!)) m = l
        if (r < h.length && before(h[r]!, h[m]!)) m = r
        if (m === i) break
        ;[h[i], h[m]] = [h[m]!, h[i]!]
        i = m
      }
    }
    return top
  }
}

const before = (a: Entry, b: Entry) =>
  a.at < b.at || (a.at === b.at && a.seq < b.seq)
