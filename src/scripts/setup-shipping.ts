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
 * Scripted "Set up shipping" through `medusa exec` (README).
 * Options go after `--` (`medusa exec` refuses its own flags before). Creates nothing when something is missing.
 */
export default async function setupShipping({
  container,
  args = [],
  argv = process.argv,
}: {
  container: MedusaContainer
  args?: string[]
  /** Tests give their own. */
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
    // medusa exec prints a thrown error and exits 1; the words are above already.
    throw new Error(
      `shipping-services setup: nothing was created, ${error.plan.missing.length} thing(s) missing (listed above)`,
      { cause: error }
    )
  }
}
