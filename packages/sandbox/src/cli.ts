/**
 * `shipping-services-sandbox [options]`: runs the sandbox until Ctrl-C. Prints the roots and
 * credentials to configure the plugin with, and the `.env` lines of README's medusa-config.ts
 * block; `shipping-services-sandbox env` prints only those lines, without starting.
 */
import { parseArgs, parseEnvArgs, USAGE } from "./cli-args"
import { pluginDotenv } from "./dotenv"
import { DEFAULT_ACCOUNT, type SandboxOptions } from "./options"
import { startSandbox } from "./server"

/** The origin the sandbox listens on (or advertises), without starting it. */
function originOf(options: SandboxOptions): string {
  if (options.publicUrl) return options.publicUrl.replace(/\/+$/, "")
  const host =
    !options.host || options.host === "0.0.0.0" || options.host === "::"
      ? "127.0.0.1"
      : options.host.includes(":")
        ? `[${options.host}]`
        : options.host
  return `http://${host}:${options.port ?? 4010}`
}

function printEnv(argv: string[]): void {
  const parsed = parseEnvArgs(argv)
  if (parsed === "help") {
    process.stdout.write(`${USAGE}\n`)
    return
  }
  process.stdout.write(
    pluginDotenv({
      baseUrl: originOf(parsed.options),
      account: parsed.options.accounts?.[0] ?? DEFAULT_ACCOUNT,
      storeUrl: parsed.storeUrl,
    })
  )
}

export async function main(argv = process.argv.slice(2)): Promise<void> {
  const args = argv[0] === "sandbox" ? argv.slice(1) : argv
  if (args[0] === "env") {
    try {
      printEnv(args.slice(1))
    } catch (e) {
      process.stderr.write(`${(e as Error).message}\n\n${USAGE}\n`)
      process.exitCode = 2
    }
    return
  }
  let options: SandboxOptions | "help"
  try {
    options = parseArgs(args)
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n\n${USAGE}\n`)
    process.exitCode = 2
    return
  }
  if (options === "help") {
    process.stdout.write(`${USAGE}\n`)
    return
  }
  const sandbox = await startSandbox({
    ...options,
    log: (l) => process.stderr.write(`${l}\n`),
  })
  const { roots, credentials } = sandbox
  process.stdout.write(
    [
      `Shipping services sandbox listening on ${sandbox.url}`,
      `  baseUrl     ${roots.baseUrl}`,
      `  authUrl     ${roots.authUrl}   (token: POST ${roots.authUrl}/oauth/token)`,
      `  webhookUrl  ${roots.webhookUrl}`,
      `  contactUrl  ${roots.contactUrl}`,
      `  apacUrl     ${roots.apacUrl}`,
      `  apiKey      ${credentials.apiKey}`,
      `  apiSecret   ${credentials.apiSecret}`,
      `  control     ${sandbox.url}/_sandbox   (see docs/sandbox.md)`,
      options.statePath
        ? `  state       ${options.statePath}`
        : "  state       in memory",
      "",
      "The .env of a Medusa app using it (README's medusa-config.ts block; `shipping-services-sandbox env` prints it alone):",
      "",
      pluginDotenv({
        baseUrl: roots.baseUrl,
        account: options.accounts?.[0] ?? DEFAULT_ACCOUNT,
      }),
      "Ctrl-C stops it.",
      "",
    ].join("\n")
  )
  let stopping = false
  const stop = () => {
    if (stopping) return
    stopping = true
    sandbox.close().then(
      () => process.exit(0),
      (e) => {
        process.stderr.write(`${String(e)}\n`)
        process.exit(1)
      }
    )
  }
  process.on("SIGINT", stop)
  process.on("SIGTERM", stop)
}

if (require.main === module) {
  main().catch((e) => {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`)
    process.exit(1)
  })
}
