/**
 * Throughput of the sandbox's create shipment (docs/sandbox.md, "Figures").
 *
 *   npx ts-node --swc bench/sandbox-creates.ts [--seconds 10] [--clients 16] [--mode child|inprocess|both]
 *
 * N clients post expedited shipments with Base64 PNG labels for a fixed time through raw fetch
 * with one reused token, so the figures measure the sandbox, not the plugin's client. `child`
 * runs the sandbox in its own process (the realistic setup: its CPU is then measured alone);
 * `inprocess` shares one process with the load generator.
 */
import { spawn } from "node:child_process"
import { readFileSync } from "node:fs"
import os from "node:os"
import path from "node:path"
import { baseRequest } from "../src/shipping-api/__fixtures__/rule-examples"
import { startSandbox } from "../packages/sandbox/src"

type Args = {
  seconds: number
  clients: number
  mode: "child" | "inprocess" | "both"
}

function args(): Args {
  const a: Args = { seconds: 10, clients: 16, mode: "both" }
  const argv = process.argv.slice(2)
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]]
    if (flag === "--seconds") a.seconds = Number(value)
    else if (flag === "--clients") a.clients = Number(value)
    else if (flag === "--mode") a.mode = value as Args["mode"]
    else throw new Error(`unknown flag ${flag}`)
  }
  return a
}

async function token(url: string): Promise<string> {
  const res = await fetch(`${url}/oauth/token`, {
    method: "POST",
    headers: {
      Authorization: `Basic ${Buffer.from("sandbox-key:sandbox-secret").toString("base64")}`,
      "Content-Type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  })
  return ((await res.json()) as { access_token: string }).access_token
}

type Result = {
  creates: number
  errors: number
  latencies: number[]
  seconds: number
}

async function load(
  url: string,
  clients: number,
  seconds: number
): Promise<Result> {
  const bearer = await token(url)
  const body = baseRequest("expedited") as Record<string, any>
  body.documents = [
    {
      type: "SHIPPING_LABEL",
      size: "DOC_4X6",
      fileFormat: "PNG",
      contentType: "BASE64",
    },
  ]
  const json = JSON.stringify(body)
  const latencies: number[] = []
  let errors = 0
  let n = 0
  const started = performance.now()
  const deadline = started + seconds * 1000
  const worker = async (w: number) => {
    while (performance.now() < deadline) {
      const t0 = performance.now()
      const res = await fetch(`${url}/v1/shipments`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${bearer}`,
          "Content-Type": "application/json",
          "X-Vendor-TransactionId": `b${w}-${++n}`,
          "X-Vendor-UnifiedErrorStructure": "true",
        },
        body: json,
      })
      await res.arrayBuffer()
      if (res.status === 201) latencies.push(performance.now() - t0)
      else errors++
    }
  }
  await Promise.all(Array.from({ length: clients }, (_, w) => worker(w)))
  return {
    creates: latencies.length,
    errors,
    latencies,
    seconds: (performance.now() - started) / 1000,
  }
}

function pct(sorted: number[], p: number): number {
  return sorted.length
    ? sorted[
        Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))
      ]!
    : 0
}

function report(
  label: string,
  r: Result,
  cpu: { user: number; system: number } | undefined
): void {
  const sorted = [...r.latencies].sort((a, b) => a - b)
  const cpuText = cpu
    ? `, sandbox CPU ${(((cpu.user + cpu.system) / 1e6 / r.seconds) * 100).toFixed(0)}% of one core`
    : ""
  console.log(
    `${label}: ${(r.creates / r.seconds).toFixed(0)} creates/s (${r.creates} in ${r.seconds.toFixed(1)} s, ${r.errors} errors), ` +
      `p50 ${pct(sorted, 50).toFixed(1)} ms, p99 ${pct(sorted, 99).toFixed(1)} ms${cpuText}`
  )
}

async function inProcess(a: Args): Promise<void> {
  const sb = await startSandbox({ log: () => undefined })
  const before = process.cpuUsage()
  const r = await load(sb.url, a.clients, a.seconds)
  const cpu = process.cpuUsage(before)
  report(`in-process, ${a.clients} clients`, r, undefined)
  console.log(
    `  (process CPU incl. load generator ${(((cpu.user + cpu.system) / 1e6 / r.seconds) * 100).toFixed(0)}% of one core)`
  )
  await sb.close()
}

/** User + system CPU seconds of a process, from /proc (Linux). */
function cpuSecondsOf(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8")
      .split(") ")[1]!
      .split(" ")
    return (Number(fields[11]) + Number(fields[12])) / 100 // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return undefined
  }
}

/** The sandbox as its own process, started the way merchants start it (bin/cli.js). */
async function child(a: Args): Promise<void> {
  const root = path.resolve(__dirname, "..")
  const flags = process.env.SANDBOX_PROF
    ? ["--cpu-prof", "--cpu-prof-dir", path.join(root, "bench/profiles")]
    : []
  const proc = spawn(
    process.execPath,
    [...flags, path.join(root, "bin/cli.js"), "sandbox", "--port", "0"],
    { cwd: root, stdio: ["ignore", "pipe", "inherit"] }
  )
  let out = ""
  const url = await new Promise<string>((resolve, reject) => {
    proc.stdout.on("data", (c) => {
      out += c
      const m = /listening on (http:\/\/\S+)/.exec(out)
      if (m) resolve(m[1]!)
    })
    proc.once("exit", (code) =>
      reject(new Error(`sandbox exited (${code}): ${out}`))
    )
  })
  const cpu0 = cpuSecondsOf(proc.pid!)
  const r = await load(url, a.clients, a.seconds)
  const cpu1 = cpuSecondsOf(proc.pid!)
  const cpu =
    cpu0 !== undefined && cpu1 !== undefined
      ? { user: (cpu1 - cpu0) * 1e6, system: 0 }
      : undefined
  report(`child process, ${a.clients} clients`, r, cpu)
  await new Promise<void>((resolve) => {
    proc.once("exit", () => resolve())
    proc.kill("SIGINT")
  })
}

async function main() {
  const a = args()
  console.log(
    `node ${process.version}, ${os.cpus().length} cores, ${a.seconds} s per run`
  )
  if (a.mode !== "inprocess") await child(a)
  if (a.mode !== "child") await inProcess(a)
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
