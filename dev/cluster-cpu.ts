/**
 * What the cluster's Medusa processes cost: each OS process's CPU to its first /health answer and
 * in all (Linux /proc), written at the cluster's stop.
 */
import { readFileSync, writeFileSync } from "node:fs"
import path from "node:path"

/** One OS process of a Medusa process's life: its CPU to its first /health answer, and in all. */
export type Incarnation = {
  name: string
  /** The process's worker mode (server, worker or shared). */
  mode: string
  bootCpuS: number
  bootS: number
  cpuS: number
  lifeS: number
}

/** User + system CPU of a process so far, in ms (Linux /proc); undefined once it is gone. */
export function procCpuMs(pid: number): number | undefined {
  try {
    // /proc/<pid>/stat: fields 14 and 15 are utime and stime in clock ticks (100 per second).
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return undefined
  }
}

/**
 * What each Medusa process cost, boot and life, in `cpu.json` of the log folder and one line on
 * the console: the figures to compare when a test's CPU-seconds change.
 */
export function reportCpu(
  logDir: string,
  processes: { incarnations(): Incarnation[] }[],
  sandboxCpuMs: number | undefined
) {
  const lives = processes.flatMap((p) => p.incarnations())
  const sum = (f: (l: Incarnation) => number) =>
    Math.round(lives.reduce((n, l) => n + f(l), 0) * 10) / 10
  const report = {
    boots: lives.length,
    cpuS: sum((l) => l.cpuS),
    bootCpuS: sum((l) => l.bootCpuS),
    sandboxCpuS: sandboxCpuMs === undefined ? null : sandboxCpuMs / 1000,
    lives,
  }
  writeFileSync(path.join(logDir, "cpu.json"), JSON.stringify(report, null, 1))
  console.log(
    `[cluster] ${path.basename(logDir)}: ${report.boots} Medusa boots, ${report.cpuS} CPU-s (${report.bootCpuS} booting), sandbox ${report.sandboxCpuS ?? "?"} CPU-s; ${lives
      .map(
        (l) =>
          `${l.name} ${l.bootCpuS.toFixed(1)}+${(l.cpuS - l.bootCpuS).toFixed(1)}`
      )
      .join(", ")}`
  )
}
