import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import {
  ContainerRegistrationKeys,
  Modules,
  MedusaError,
} from "@medusajs/framework/utils"
import { ShippingActionError } from "../../lib/action-error"
import { messageOf } from "../../lib/errors"
import { withLock, type LockingLike } from "../../lib/locking"
import { pluginClient } from "../../lib/plugin-client"
import { unknownFlatServices } from "../../lib/setup-shipping/flat-amounts"
import { laneProblemWords } from "../../lib/setup-shipping/lane-words"
import {
  createsAnything,
  planShippingSetup,
  probeQuestions,
} from "../../lib/setup-shipping/plan"
import {
  rateProbe,
  ratedServices,
  type ProbeAnswer,
} from "../../lib/setup-shipping/rate-probe"
import type {
  LaneCheck,
  ProbeQuestion,
  SetupInput,
  SetupPlan,
} from "../../lib/setup-shipping/types"
import type { PluginOptions } from "../../options/schema"
import { findService } from "../../providers/shipping-services/fulfillment-options"
import {
  fromMedusaAddress,
  type MedusaAddressLike,
} from "../../providers/shipping-services/mapping/address"
import { laneViolations } from "../../providers/shipping-services/mapping/lane"
import type { Address } from "../../shipping-api/schemas/address"
import {
  setupShippingWorkflow,
  type SetupShippingResult,
} from "../../workflows/setup-shipping"
import { setupActionsOf } from "./actions"
import { readSetupSnapshot } from "./read-snapshot"
import { shippingOf } from "../../modules/shipping-services"

const LOCK_KEY = "shipping-services:setup-shipping"
/** Unanswered by then: "no price" (flat). */
const PROBE_TIMEOUT_MS = 10_000

export type SetupApplyResult = {
  applied: boolean
  plan: SetupPlan
  created: SetupShippingResult | null
}

/** Nothing was created; the plan says what is missing. */
export class SetupNotReadyError extends MedusaError {
  constructor(readonly plan: SetupPlan) {
    super(
      MedusaError.Types.INVALID_DATA,
      `Nothing was set up: ${plan.missing.join(" ")}`
    )
  }
}

const laneCheck =
  (options: PluginOptions): LaneCheck =>
  (service, lane) =>
    laneViolations(service, options, lane).map(laneProblemWords)

/** Bounded by the client's concurrency limit. */
async function askRates(
  options: PluginOptions,
  logger: Logger,
  questions: ProbeQuestion[],
  addresses: Map<string, MedusaAddressLike>
): Promise<Map<string, ProbeAnswer>> {
  const client = pluginClient(options, logger)
  const answers = new Map<string, ProbeAnswer>()
  await Promise.all(
    questions.map(async (q) => {
      const service = findService(options, { id: q.service })!
      const location = fromMedusaAddress(addresses.get(q.location_id)!, {
        residential: false,
      }) as Address
      const abroad = (country: string): Address => ({
        countryCode: country,
        addressLines: [],
        stateProvince: "",
      })
      const home = location.countryCode
      const from = q.from_country === home ? location : abroad(q.from_country)
      const to = q.to_country === home ? location : abroad(q.to_country)
      const probe = rateProbe(service, options, from, to)
      let timer: NodeJS.Timeout | undefined
      try {
        const answer = await Promise.race([
          client.getRates(probe.request, {
            includeDeliveryCommitment: probe.includeDeliveryCommitment,
            apac: probe.apac,
          }),
          new Promise<never>((_, reject) => {
            timer = setTimeout(
              () =>
                reject(
                  new Error(`no answer within ${PROBE_TIMEOUT_MS / 1000} s`)
                ),
              PROBE_TIMEOUT_MS
            )
          }),
        ])
        answers.set(q.key, ratedServices(answer))
      } catch (error) {
        answers.set(q.key, { ok: false, message: messageOf(error) })
      } finally {
        clearTimeout(timer)
      }
    })
  )
  return answers
}

function checkInput(options: PluginOptions, input: SetupInput): void {
  const unknown = unknownFlatServices(
    input.flat_amounts ?? [],
    options.services
  )
  if (unknown.length)
    throw new MedusaError(MedusaError.Types.INVALID_DATA, unknown.join("; "))
}

/** The apply runs the same plan. */
export async function previewShippingSetup(
  container: MedusaContainer,
  input: SetupInput = {}
): Promise<SetupPlan> {
  const shipping = shippingOf(container)
  const options = shipping.getOptions()
  checkInput(options, input)
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const { snapshot, addresses } = await readSetupSnapshot(container)
  const check = laneCheck(options)
  const questions = probeQuestions(snapshot, options, input, check)
  const answers = await askRates(options, logger, questions, addresses)
  return planShippingSetup(snapshot, options, input, check, answers)
}

/** Under a lock so two runs never create twice (the second finds everything); an unready plan creates nothing. */
export async function applyShippingSetup(
  container: MedusaContainer,
  input: SetupInput = {}
): Promise<SetupApplyResult> {
  const shipping = shippingOf(container)
  const options = shipping.getOptions()
  checkInput(options, input)
  const locking = container.resolve<LockingLike>(Modules.LOCKING)
  const outcome = await withLock(
    locking,
    LOCK_KEY,
    async (): Promise<SetupApplyResult> => {
      const plan = await previewShippingSetup(container, input)
      if (!plan.ready) throw new SetupNotReadyError(plan)
      if (!createsAnything(plan)) return { applied: false, plan, created: null }
      const { result } = await setupShippingWorkflow(container).run({
        input: setupActionsOf(plan, options),
      })
      return { applied: true, plan, created: result }
    },
    { timeout: 60, expire: 120, whenHeld: "busy" }
  )
  if (outcome === "busy")
    throw new ShippingActionError(
      "Another shipping setup is running: try again in a minute.",
      409,
      "conflict"
    )
  return outcome
}
