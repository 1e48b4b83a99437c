/**
 * `medusa-plugin-shipping-services sandbox [options]`: runs the sandbox until Ctrl-C.
 * Prints the roots and credentials to configure the plugin with (dev/app-options.ts uses them).
 */
import { parseArgs, USAGE } from "./cli-args"
import type { SandboxOptions } from "./options"
import { startSandbox } from "./server"

export async function main(argv = process.argv.slice(2)): Promise<void> {
  let options: SandboxOptions | "help"
  try {
    options = parseArgs(argv[0] === "sandbox" ? argv.slice(1) : argv)
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
