import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import {
  manifestSettingKey,
  type ManifestRecord,
} from "../../../lib/manifests/record"
import {
  restoreSetting,
  writeSettingKeepingPrevious,
} from "../../../modules/shipping-services/settings"
import { shippingOf } from "../../../modules/shipping-services"

export const recordManifestStepId = "shipping-services-record-manifest"
/** Enough to serve its document again; compensation restores the previous setting. */
export const recordManifestStep = createStep(
  recordManifestStepId,
  async (record: ManifestRecord, { container }) => {
    const shipping = shippingOf(container)
    const previous = await writeSettingKeepingPrevious(
      shipping,
      manifestSettingKey(record.manifest_id),
      record as unknown as Record<string, unknown>
    )
    return new StepResponse(record, previous)
  },
  async (previous, { container }) => {
    await restoreSetting(shippingOf(container), previous)
  }
)
