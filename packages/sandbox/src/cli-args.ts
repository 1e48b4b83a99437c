import { parseArgs as parseFlags } from "node:util"
import { FETCH_BLOCKED_PORTS } from "../../../src/shipping-api/client/blocked-ports"
import { DEFAULT_ACCOUNT, type SandboxOptions } from "./options"
import { isScenario, SCENARIO_NAMES } from "./tracking/scenarios"

/** Command-line flags of `shipping-services-sandbox`. */
export const USAGE = `Usage: shipping-services-sandbox [options]
       shipping-services-sandbox env [--port <n>] [--host <addr>] [--public-url <url>]
                                     [--api-key <key>] [--api-secret <s>] [--store-url <url>]

  env                  print the .env lines of a Medusa app using this sandbox (README's
                       medusa-config.ts block) and exit; --store-url is the app's backend URL
                       as the sandbox reaches it (default http://localhost:9000)

  --port <n>           port (default 4010; 0 = any free port)
  --host <addr>        interface (default 127.0.0.1)
  --api-key <key>      API key of the account (default ${DEFAULT_ACCOUNT.apiKey})
  --api-secret <s>     API secret (default ${DEFAULT_ACCOUNT.apiSecret})
  --speed <x>          sandbox seconds per real second (default 1; 0 freezes the clock)
  --state <file.json>  load the state from this file and keep it saved there
  --token-ttl <s>      token life in sandbox seconds (default 3600)
  --scenario <name>    tracking scenario of new shipments (${SCENARIO_NAMES.join(", ")})
  --seed <n>           seed of ids and tracking numbers (default 1)
  --start-time <iso>   sandbox time at start (default now)
  --public-url <url>   origin to advertise in URLs when behind a proxy
  --help`

const text = { type: "string" } as const
const FLAGS = {
  port: text,
  host: text,
  "api-key": text,
  "api-secret": text,
  speed: text,
  state: text,
  "token-ttl": text,
  scenario: text,
  seed: text,
  "start-time": text,
  "public-url": text,
  help: { type: "boolean", short: "h" },
} as const
const ENV_FLAGS = { ...FLAGS, "store-url": text } as const

type Values = { [flag in keyof typeof ENV_FLAGS]?: string } & { help?: boolean }

/** Node's parser; its tokens are checked so that an unknown flag or a missing value is named. */
function read(argv: string[], flags: typeof FLAGS | typeof ENV_FLAGS): Values {
  const { values, tokens } = parseFlags({
    args: argv,
    options: flags,
    strict: false,
    tokens: true,
  })
  for (const t of tokens) {
    if (t.kind !== "option")
      throw new Error(
        `unknown option ${t.kind === "positional" ? t.value : "--"}`
      )
    const flag = flags[t.name as keyof typeof flags]
    if (!flag) throw new Error(`unknown option ${t.rawName}`)
    if (flag.type === "string" && t.value === undefined)
      throw new Error(`${t.rawName} needs a value`)
  }
  return values as Values
}

function optionsOf(v: Values): SandboxOptions {
  const number = (flag: keyof typeof FLAGS) => {
    const n = Number(v[flag])
    if (!Number.isFinite(n)) throw new Error(`--${flag} needs a number`)
    return n
  }
  const port = v.port === undefined ? 4010 : number("port")
  // The plugin (Node's fetch) and browsers would never reach it there.
  if (FETCH_BLOCKED_PORTS.has(port))
    throw new Error(
      `--port ${port}: fetch and browsers refuse to connect to this port (the Fetch standard's blocked ports); choose another`
    )
  const o: SandboxOptions = { port }
  if (v.host !== undefined) o.host = v.host
  if (v.speed !== undefined) o.speed = number("speed")
  if (v.state !== undefined) o.statePath = v.state
  if (v["token-ttl"] !== undefined) o.tokenTtlSeconds = number("token-ttl")
  if (v.seed !== undefined) o.seed = number("seed")
  if (v["start-time"] !== undefined) o.startTime = v["start-time"]
  if (v["public-url"] !== undefined) o.publicUrl = v["public-url"]
  if (v.scenario !== undefined) {
    if (!isScenario(v.scenario))
      throw new Error(`--scenario must be one of ${SCENARIO_NAMES.join(", ")}`)
    o.scenario = v.scenario
  }
  if (v["api-key"] || v["api-secret"])
    o.accounts = [
      {
        ...DEFAULT_ACCOUNT,
        apiKey: v["api-key"] ?? DEFAULT_ACCOUNT.apiKey,
        apiSecret: v["api-secret"] ?? DEFAULT_ACCOUNT.apiSecret,
      },
    ]
  return o
}

export function parseArgs(argv: string[]): SandboxOptions | "help" {
  const values = read(argv, FLAGS)
  return values.help ? "help" : optionsOf(values)
}

/** `shipping-services-sandbox env …`: the sandbox's own flags, plus the store's URL. */
export function parseEnvArgs(
  argv: string[]
): { options: SandboxOptions; storeUrl?: string } | "help" {
  const values = read(argv, ENV_FLAGS)
  const storeUrl = values["store-url"]
  if (storeUrl === "") throw new Error("--store-url needs a value")
  return values.help ? "help" : { options: optionsOf(values), storeUrl }
}
