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

/**
 * The setup command's arguments. `medusa exec` refuses unknown flags before its `--` and puts
 * what follows `--` outside the script's `args`, so the script reads the tokens after `--`
 * from the command line (`tokensAfterDashes`); `--flag value` and `--flag=value` both work.
 * Pure; throws in words naming the argument.
 */
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

/** What follows the first `--` of a command line (nothing when there is none). Pure. */
export function tokensAfterDashes(argv: readonly string[]): string[] {
  const i = argv.indexOf("--")
  return i === -1 ? [] : argv.slice(i + 1)
}
