import {
  MANIFEST_DOCUMENT_TYPE,
  type Carrier,
} from "../../../../src/shipping-api/constants"
import {
  MANIFEST_STATE_RULES,
  voidedShipmentRule,
  type StateRefusal,
} from "../../../../src/shipping-api/rules/service-state"
import { checkManifest, checkTransactionId } from "../contract"
import { addFile, fileUrl } from "../documents"
import { ApiError, violationsError, type ErrorItem } from "../http/errors"
import { parseJson } from "../http/io"
import type { Handler } from "../http/router"
import type { ManifestRecord } from "../state/model"

/**
 * Doc 4: POST /v1/manifests → a scan form (a real PDF served by the sandbox) for shipments
 * created with ADD_TO_MANIFEST=true. Unknown or ineligible numbers are all named in one 400.
 */
export const createManifest: Handler = ({ world, account, body, header }) => {
  const checked = checkManifest(parseJson(body), account.carrierCodes)
  const violations = [
    ...checkTransactionId(header("x-vendor-transactionid")),
    ...(checked.ok ? [] : checked.violations),
  ]
  if (violations.length || !checked.ok) throw violationsError(violations)
  const req = checked.value

  const refused: ErrorItem[] = []
  req.parcelTrackingNumbers.forEach((tn, i) => {
    const s = world.store.shipmentByTracking(tn)
    const at = [`parcelTrackingNumbers[${i}]`]
    if (!s || s.apiKey !== account.apiKey)
      refused.push({
        code: "TRACKING_NUMBER_NOT_FOUND",
        description: `${tn} is not a shipment of this account`,
        parameters: at,
      })
    else if (s.carrier !== req.carrier)
      refused.push({
        code: "CARRIER_MISMATCH",
        description: `${tn} is a ${s.carrier} shipment, not ${req.carrier}`,
        parameters: at,
      })
    else {
      // The service's manifest rules (src/shipping-api/rules/service-state.ts), first refusal only.
      const refusal: StateRefusal | undefined =
        voidedShipmentRule.refusal({
          shipmentId: tn,
          voided: s.state === "voided",
          operation: "manifest",
        }) ??
        MANIFEST_STATE_RULES.map((rule) =>
          rule.refusal({
            trackingNumber: tn,
            carrier: s.carrier as Carrier,
            parcelType: s.parcelType,
            addToManifest: s.addToManifest,
            manifestId: s.manifestId,
          })
        ).find(Boolean)
      if (refusal)
        refused.push({
          code: refusal.code,
          description: refusal.message,
          parameters: at,
          info: refusal.source,
        })
    }
  })
  if (refused.length) throw new ApiError(400, refused)

  const manifest: ManifestRecord = {
    manifestId: world.ids.manifestId(),
    manifestTrackingNumber: world.ids.manifestTrackingNumber(),
    apiKey: account.apiKey,
    carrier: req.carrier,
    submissionDate: req.submissionDate,
    shipperId: req.parameters.find((p) => p.name === "SHIPPER_ID")?.value ?? "",
    parcelTrackingNumbers: [...req.parcelTrackingNumbers],
    createdAt: world.clock.now(),
  }
  world.store.manifests.set(manifest.manifestId, manifest)
  for (const tn of manifest.parcelTrackingNumbers)
    world.store.shipmentByTracking(tn)!.manifestId = manifest.manifestId
  const file = addFile(world, {
    kind: "manifest",
    ref: manifest.manifestId,
    docIndex: 0,
    print: 0,
  })
  world.saver.touch()
  return {
    status: 200,
    body: {
      manifestId: manifest.manifestId,
      manifestTrackingNumber: manifest.manifestTrackingNumber,
      documents: [
        {
          type: MANIFEST_DOCUMENT_TYPE,
          contentType: "URL",
          contents: fileUrl(world, file, "pdf"),
        },
      ],
    },
  }
}
