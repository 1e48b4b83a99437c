import { MedusaModule } from "@medusajs/framework/modules-sdk"
import {
  DEFAULT_RECOVERY_SCHEDULE,
  recoveryScheduleOf,
  type OptionSchedules,
} from "../../lib/jobs"
import {
  DEFAULT_POLL_SCHEDULE,
  pollScheduleOf,
} from "../../lib/tracking/schedule"
import type ShippingServicesModuleService from "../../modules/shipping-services/service"
import { SHIPPING_SERVICES_MODULE } from "../../options/resolve"

const DEFAULTS: OptionSchedules = {
  polling: DEFAULT_POLL_SCHEDULE,
  recovery: DEFAULT_RECOVERY_SCHEDULE,
}

/**
 * Medusa reads `config.schedule` once at registration, when modules are loaded, so the option is read via the module
 * registry. A malformed expression falls back to the default with a warning.
 */
export function scheduleFromOptions(option: keyof OptionSchedules): string {
  const instance = MedusaModule.getModuleInstance(SHIPPING_SERVICES_MODULE) as
    Record<string, ShippingServicesModuleService> | undefined
  const shipping = instance?.[SHIPPING_SERVICES_MODULE]
  if (!shipping) return DEFAULTS[option]
  const options = shipping.getOptions()
  const { schedule, fallback } =
    option === "polling"
      ? pollScheduleOf(options.polling)
      : recoveryScheduleOf(options.recovery)
  if (fallback) {
    console.warn(
      `shipping-services: ${option}.schedule ${JSON.stringify(options[option].schedule)} is not a cron expression; using ${DEFAULTS[option]}`
    )
  }
  return schedule
}
