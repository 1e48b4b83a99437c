/**
 * The top entries of V8 CPU profiles (.cpuprofile, from BENCH_PROFILE=1 or `node --cpu-prof`):
 * self time by function, self time by package (or by folder of this repository), and the
 * total (inclusive) time of the plugin's own functions. Several files are summed (the workers of
 * one run).
 *   npx ts-node --swc bench/profile-summary.ts <file.cpuprofile>... [--top 25] [--per N]
 * --per N divides every figure by N (ms per order, with N = the orders of the burst).
 */
import { readFileSync } from "node:fs"
import path from "node:path"

type Node = {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
  hitCount?: number
}
type Profile = {
  nodes: Node[]
  samples: number[]
  timeDeltas: number[]
  startTime: number
  endTime: number
}

const root = path.resolve(__dirname, "..")

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(name)
  return i === -1 ? fallback : Number(process.argv[i + 1])
}

/** Where a frame comes from: an npm package, a folder of this repository, node itself or V8. */
export function packageOf(url: string): string {
  if (!url) return "(native / V8)"
  const file = url.replace(/^file:\/\//, "")
  const nm = file.lastIndexOf("node_modules/")
  if (nm !== -1) {
    const rest = file.slice(nm + "node_modules/".length).split("/")
    return rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!
  }
  if (file.startsWith("node:")) return "(node)"
  if (file.startsWith(root)) {
    const rel = path.relative(root, file).split(path.sep)
    return rel.slice(0, Math.min(rel.length - 1, 2)).join("/") || rel[0]!
  }
  return file
}

function label(node: Node): string {
  const { functionName, url, lineNumber } = node.callFrame
  const where = url
    ? `${url
        .replace(/^file:\/\//, "")
        .replace(`${root}/`, "")
        .replace(/.*node_modules\//, "")}:${lineNumber + 1}`
    : ""
  return `${functionName || "(anonymous)"}${where ? ` ${where}` : ""}`
}

export function summarize(files: string[]) {
  const self = new Map<string, number>()
  const byPackage = new Map<string, number>()
  const inclusive = new Map<string, number>()
  let total = 0
  for (const file of files) {
    const profile = JSON.parse(readFileSync(file, "utf8")) as Profile
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]))
    const parent = new Map<number, number>()
    for (const n of profile.nodes)
      for (const c of n.children ?? []) parent.set(c, n.id)
    const selfMs = new Map<number, number>()
    profile.samples.forEach((id, i) =>
      selfMs.set(
        id,
        (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000
      )
    )
    for (const [id, ms] of selfMs) {
      const node = nodes.get(id)!
      if (node.callFrame.functionName === "(idle)") continue
      total += ms
      self.set(label(node), (self.get(label(node)) ?? 0) + ms)
      const pkg = ["(garbage collector)", "(program)"].includes(
        node.callFrame.functionName
      )
        ? node.callFrame.functionName
        : packageOf(node.callFrame.url)
      byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + ms)
      // Inclusive time of the plugin's own frames (src/), each counted once per sample stack.
      const seen = new Set<string>()
      for (
        let cur: number | undefined = id;
        cur !== undefined;
        cur = parent.get(cur)
      ) {
        const n = nodes.get(cur)!
        if (!n.callFrame.url.includes(`${root}/src/`)) continue
        const l = label(n)
        if (seen.has(l)) continue
        seen.add(l)
        inclusive.set(l, (inclusive.get(l) ?? 0) + ms)
      }
    }
  }
  return { total, self, byPackage, inclusive }
}

function main() {
  const files = process.argv
    .slice(2)
    .filter(
      (a, i, all) =>
        a.endsWith(".cpuprofile") &&
        !["--top", "--per"].includes(all[i - 1] ?? "")
    )
  if (!files.length) {
    console.error(
      "usage: bench/profile-summary.ts <file.cpuprofile>... [--top 25] [--per N]"
    )
    process.exit(2)
  }
  const top = arg("--top", 25)
  const per = arg("--per", 1)
  const unit = per === 1 ? "ms" : "ms/order"
  const { total, self, byPackage, inclusive } = summarize(files)
  const fmt = (ms: number) =>
    `${(ms / per).toFixed(per === 1 ? 0 : 2).padStart(9)} ${unit}  ${((100 * ms) / total).toFixed(1).padStart(5)} %`
  const print = (title: string, map: Map<string, number>, n: number) => {
    console.log(`\n${title}`)
    for (const [k, v] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n))
      console.log(`${fmt(v)}  ${k}`)
  }
  console.log(
    `${files.length} profile(s), ${(total / per).toFixed(per === 1 ? 0 : 2)} ${unit} of CPU sampled (idle excluded)`
  )
  print("Self time by package / folder", byPackage, 20)
  print("Self time by function", self, top)
  print("Total time of the plugin's functions (src/)", inclusive, top)
}

if (require.main === module) main()
