import { parseFlatArgument } from "./flat-amounts"
import type { SetupInput } from "./types"

export type SetupCommand = SetupInput & { dry_run: boolean }

export const SETUP_COMMAND_USAGE = `Usage (in your Medusa app):
  npx medusa exec ./node_modules/medusa-plugin-shipping-services/.medusa/server/src/scripts/setup-shipping.js -- [options]

  --location <id>     a stock location to set up (repeat for several; default: every one)
  --flat <price>      a flat price: <service>[:<lane>][:<currency>]=<amount>, e.g. postal-ground=8.00,
                      cross-border:gbp=12 (repeat; lanes: domestic, cross-border)
  --dry-run           show what would be created and what exists, create nothing
  --help`

/** `medusa exec` refuses unknown flags before `--` and hides what follows from `args`: read from argv. */
export function parseSetupCommand(
  tokens: readonly string[]
): SetupCommand | "help" {
  const out: SetupCommand = { dry_run: false }
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!
    const [flag, inline] =
      token.startsWith("--") && token.includes("=")
        ? [
            token.slice(0, token.indexOf("=")),
            token.slice(token.indexOf("=") + 1),
          ]
        : [token, undefined]
    const value = () => {
      const v = inline ?? tokens[++i]
      if (v === undefined || v.startsWith("--"))
        throw new Error(`${flag} needs a value\n\n${SETUP_COMMAND_USAGE}`)
      return v
    }
    switch (flag) {
      case "--help":
      case "-h":
        return "help"
      case "--dry-run":
        out.dry_run = true
        break
      case "--location":
        out.location_ids = [...(out.location_ids ?? []), value()]
        break
      case "--flat":
        out.flat_amounts = [
          ...(out.flat_amounts ?? []),
          parseFlatArgument(value()),
        ]
        break
      default:
        throw new Error(`unknown argument ${token}\n\n${SETUP_COMMAND_USAGE}`)
    }
  }
  return out
}

export function tokensAfterDashes(argv: readonly string[]): string[] {
  const i = argv.indexOf("--")
  return i === -1 ? [] : argv.slice(i + 1)
}
