import {
  CARRIER_OF_VARIANT,
  CROSS_BORDER_CLASSES_BY_ORIGIN,
} from "../../../../src/shipping-api/constants"
import { checkRates } from "../contract"
import { violationsError } from "../http/errors"
import { parseJson } from "../http/io"
import type { Handler } from "../http/router"
import { rate } from "../rates/rate-table"
import { applicableServices } from "../rates/services"

/**
 * Doc 4: POST /v1/rates. One rate per service: the one asked for, or every service of the
 * carrier that fits the lane when serviceId is omitted. Standard delivery is priced here
 * although its labels carry no charge at print.
 */
export const rateShipment: Handler = ({
  world,
  account,
  query,
  body,
  apac,
}) => {
  const checked = checkRates(parseJson(body), query, apac, account.carrierCodes)
  if (!checked.ok) throw violationsError(checked.violations)
  const req = checked.request
  const carrier = CARRIER_OF_VARIANT[checked.variant]
  const from = (req.fromAddress?.countryCode ?? "US").toUpperCase()
  const to = (req.toAddress?.countryCode ?? "US").toUpperCase()
  const asked = req.rates?.[0]?.serviceId
  const services = asked
    ? [asked]
    : applicableServices(
        carrier,
        from,
        to,
        CROSS_BORDER_CLASSES_BY_ORIGIN[from] ?? []
      )
  const includeDeliveryCommitment =
    query.get("includeDeliveryCommitment") === "true"
  const now = world.clock.now()
  const { documents: _none, ...shipment } = req
  return {
    status: 200,
    body: {
      ...shipment,
      rates: services.map((serviceId) =>
        rate(carrier, req, { serviceId, includeDeliveryCommitment, now })
      ),
    },
  }
}
