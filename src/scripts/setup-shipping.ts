import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import {
  parseSetupCommand,
  SETUP_COMMAND_USAGE,
  tokensAfterDashes,
} from "../lib/setup-shipping/command-args"
import { describePlan } from "../lib/setup-shipping/describe"
import {
  applyShippingSetup,
  previewShippingSetup,
  SetupNotReadyError,
} from "../orchestration/setup-shipping/setup-shipping"

/**
 * Set up shipping in one action, for scripted installs (the admin's Settings → Shipping services
 * → "Set up shipping" does the same). In the merchant's app:
 *
 *   npx medusa exec ./node_modules/medusa-plugin-shipping-services/.medusa/server/src/scripts/setup-shipping.js -- --dry-run
 *   npx medusa exec ./node_modules/medusa-plugin-shipping-services/.medusa/server/src/scripts/setup-shipping.js -- --location sloc_… --flat postal-ground=8.00
 *
 * (in this repository: `npx medusa exec ./src/scripts/setup-shipping.ts -- …`). The options go
 * after `--`: `medusa exec` refuses flags of its own before it. Prints what it created and what
 * existed; exits non-zero, having created nothing, when something is missing (said in words).
 * Running it again creates nothing.
 */
export default async function setupShipping({
  container,
  args = [],
  argv = process.argv,
}: {
  container: MedusaContainer
  args?: string[]
  /** The command line the options are read from (tests give their own). */
  argv?: readonly string[]
}) {
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const command = parseSetupCommand([...args, ...tokensAfterDashes(argv)])
  if (command === "help") {
    logger.info(SETUP_COMMAND_USAGE)
    return
  }
  const input = {
    location_ids: command.location_ids,
    flat_amounts: command.flat_amounts,
  }
  if (command.dry_run) {
    const plan = await previewShippingSetup(container, input)
    logger.info(
      `shipping-services setup (dry run, nothing created):\n${describePlan(plan).join("\n")}`
    )
    return
  }
  try {
    const result = await applyShippingSetup(container, input)
    logger.info(
      `shipping-services setup: ${result.applied ? `created ${result.created!.shipping_option_ids.length} shipping option(s); the plan it ran:` : "nothing to create, everything was set up"}\n${describePlan(result.plan).join("\n")}`
    )
  } catch (error) {
    if (!(error instanceof SetupNotReadyError)) throw error
    logger.error(
      `shipping-services setup: nothing was created\n${describePlan(error.plan).join("\n")}`
    )
    // medusa exec exits 1 on a thrown error (and prints it): the words are above already.
    throw new Error(
      `shipping-services setup: nothing was created, ${error.plan.missing.length} thing(s) missing (listed above)`,
      { cause: error }
    )
  }
}
