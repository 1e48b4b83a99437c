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

export function parseArgs(argv: string[]): SandboxOptions | "help" {
  const o: SandboxOptions = { port: 4010 }
  let apiKey: string | undefined
  let apiSecret: string | undefined
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === "--help" || arg === "-h") return "help"
    const [flag, inline] = arg.includes("=")
      ? (arg.split(/=(.*)/s, 2) as [string, string])
      : [arg, undefined]
    const value = () => {
      const v = inline ?? argv[++i]
      if (v === undefined) throw new Error(`${flag} needs a value`)
      return v
    }
    const number = () => {
      const n = Number(value())
      if (!Number.isFinite(n)) throw new Error(`${flag} needs a number`)
      return n
    }
    switch (flag) {
      case "--port":
        o.port = number()
        // The plugin (Node's fetch) and browsers would never reach it there.
        if (FETCH_BLOCKED_PORTS.has(o.port))
          throw new Error(
            `--port ${o.port}: fetch and browsers refuse to connect to this port (the Fetch standard's blocked ports); choose another`
          )
        break
      case "--host":
        o.host = value()
        break
      case "--api-key":
        apiKey = value()
        break
      case "--api-secret":
        apiSecret = value()
        break
      case "--speed":
        o.speed = number()
        break
      case "--state":
        o.statePath = value()
        break
      case "--token-ttl":
        o.tokenTtlSeconds = number()
        break
      case "--seed":
        o.seed = number()
        break
      case "--start-time":
        o.startTime = value()
        break
      case "--public-url":
        o.publicUrl = value()
        break
      case "--scenario": {
        const s = value()
        if (!isScenario(s))
          throw new Error(
            `--scenario must be one of ${SCENARIO_NAMES.join(", ")}`
          )
        o.scenario = s
        break
      }
      default:
        throw new Error(`unknown option ${arg}`)
    }
  }
  if (apiKey || apiSecret)
    o.accounts = [
      {
        ...DEFAULT_ACCOUNT,
        apiKey: apiKey ?? DEFAULT_ACCOUNT.apiKey,
        apiSecret: apiSecret ?? DEFAULT_ACCOUNT.apiSecret,
      },
    ]
  return o
}

/** `shipping-services-sandbox env …`: the sandbox's own flags, plus the store's URL. */
export function parseEnvArgs(
  argv: string[]
): { options: SandboxOptions; storeUrl?: string } | "help" {
  const rest: string[] = []
  let storeUrl: string | undefined
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === "--store-url" || arg.startsWith("--store-url=")) {
      storeUrl = arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : argv[++i]
      if (!storeUrl) throw new Error("--store-url needs a value")
      continue
    }
    rest.push(arg)
  }
  const options = parseArgs(rest)
  return options === "help" ? "help" : { options, storeUrl }
}
