import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs"
import type { StateDump } from "./store"

/**
 * The `--state` file: read once at start, written after changes (debounced, so a burst of
 * creates costs one write) and at close. Written to a temporary file first so a crash mid-write
 * never leaves half a state.
 */
export function readStateFile(path: string): StateDump | undefined {
  if (!existsSync(path)) return undefined
  const dump = JSON.parse(readFileSync(path, "utf8")) as StateDump
  if (dump?.version !== 1)
    throw new Error(
      `${path} is not a sandbox state file (version ${String(dump?.version)})`
    )
  return dump
}

export function writeStateFile(path: string, dump: StateDump): void {
  const tmp = `${path}.tmp`
  writeFileSync(tmp, JSON.stringify(dump))
  renameSync(tmp, path)
}

export class StateSaver {
  private timer: NodeJS.Timeout | undefined

  constructor(
    private readonly path: string | undefined,
    private readonly dump: () => StateDump,
    private readonly delayMs = 500
  ) {}

  /** Marks the state changed; the file is written once the burst is over. */
  touch(): void {
    if (!this.path || this.timer) return
    this.timer = setTimeout(() => this.flush(), this.delayMs)
    this.timer.unref()
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    if (this.path) writeStateFile(this.path, this.dump())
  }
}
