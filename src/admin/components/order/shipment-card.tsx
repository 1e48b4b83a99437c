import { Heading, Text } from "@medusajs/ui"
import { ArrowUpRightOnBox } from "@medusajs/icons"
import { formatDateTime, formatMoney } from "../../lib/format"
import type { ShipmentView } from "../../lib/types"
import { RateChoiceSummary } from "./rate-choice"
import { ShipmentActions } from "./shipment-actions"
import {
  LabelStatusBadge,
  SandboxBadge,
  TrackingStatusBadge,
} from "./status-badges"
import { TrackingTimeline } from "./tracking-timeline"

function Row({
  label,
  children,
}: {
  label: string
  children: React.ReactNode
}) {
  return (
    <div className="grid grid-cols-[140px_1fr] items-start gap-x-4">
      <Text size="small" className="text-ui-fg-subtle">
        {label}
      </Text>
      <div className="text-ui-fg-base txt-small">{children}</div>
    </div>
  )
}

/** As the service reported them. */
function Charges({ charges }: { charges: ShipmentView["charges"] }) {
  if (!charges) return <>–</>
  const c = charges as {
    totalCarrierCharge?: number
    baseCharge?: number
    totalTaxAmount?: number
    totalDutyAmount?: number
    currencyCode?: string
    surcharges?: { name?: string; fee?: number }[]
    specialServices?: { specialServiceId?: string; fee?: number }[]
  }
  const parts = [
    c.baseCharge !== undefined
      ? `base ${formatMoney(c.baseCharge, c.currencyCode)}`
      : null,
    ...(c.surcharges ?? []).map(
      (s) => `${s.name ?? "surcharge"} ${formatMoney(s.fee, c.currencyCode)}`
    ),
    ...(c.specialServices ?? [])
      .filter((s) => s.fee)
      .map(
        (s) =>
          `${s.specialServiceId ?? "service"} ${formatMoney(s.fee, c.currencyCode)}`
      ),
    c.totalTaxAmount
      ? `tax ${formatMoney(c.totalTaxAmount, c.currencyCode)}`
      : null,
    c.totalDutyAmount
      ? `duty ${formatMoney(c.totalDutyAmount, c.currencyCode)}`
      : null,
  ].filter(Boolean)
  return (
    <span>
      <span className="font-medium">
        {formatMoney(c.totalCarrierCharge, c.currencyCode)}
      </span>
      {parts.length ? (
        <span className="text-ui-fg-subtle"> ({parts.join(", ")})</span>
      ) : null}
    </span>
  )
}

/** What a parcel holds, with the order's line titles. */
function Contents({
  parcel,
  titles,
}: {
  parcel: ShipmentView["parcel"]
  titles: Record<string, string>
}) {
  if (!parcel.items.length) return <>–</>
  const items = parcel.items
    .map((i) => `${i.quantity} × ${titles[i.line_item_id] ?? i.line_item_id}`)
    .join(", ")
  return (
    <span>
      {items}
      {parcel.weight_oz ? (
        <span className="text-ui-fg-subtle"> · {parcel.weight_oz} oz</span>
      ) : null}
      {parcel.box ? (
        <span className="text-ui-fg-subtle"> · box {parcel.box}</span>
      ) : null}
      {parcel.insured ? (
        <span className="text-ui-fg-subtle" data-testid="parcel-insured">
          {" "}
          · insured for {parcel.insured.amount.toFixed(2)}{" "}
          {parcel.insured.currency}
        </span>
      ) : null}
      {parcel.hazmat.length ? (
        <span className="text-ui-fg-subtle" data-testid="parcel-hazmat">
          {" "}
          · {parcel.hazmat.join(", ")}
        </span>
      ) : null}
    </span>
  )
}

/** Which change's return it is, if any. */
function returnHeading(shipment: ShipmentView): string {
  const of = shipment.return_of
  if (of?.kind === "exchange") return "Exchange return"
  if (of?.kind === "claim") return "Claim return"
  return "Return"
}

export function ShipmentCard({
  orderId,
  shipment,
  titles = {},
}: {
  orderId: string
  shipment: ShipmentView
  titles?: Record<string, string>
}) {
  // Return labels cannot be voided: a canceled return's was withdrawn unused.
  const withdrawn =
    shipment.is_return &&
    shipment.status === "created" &&
    !!shipment.fulfillment?.canceled_at
  return (
    <div
      className="flex flex-col gap-y-4 px-6 py-4"
      data-testid="shipment-card"
      data-shipment-id={shipment.id}
      data-direction={shipment.is_return ? "return" : "outbound"}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-x-2">
          <Heading level="h3">
            {shipment.is_return ? `${returnHeading(shipment)} · ` : ""}
            {shipment.parcel.count > 1
              ? `Parcel ${shipment.parcel.index + 1} of ${shipment.parcel.count} · `
              : ""}
            {shipment.service}
          </Heading>
          <LabelStatusBadge
            status={withdrawn ? "withdrawn" : shipment.status}
          />
          {shipment.status !== "voided" && shipment.tracking_number && (
            <TrackingStatusBadge status={shipment.tracking_status} />
          )}
          {shipment.sandbox && <SandboxBadge />}
        </div>
        <Text size="xsmall" className="text-ui-fg-subtle">
          {shipment.carrier} · {shipment.service_id}
        </Text>
      </div>

      {(shipment.return_of?.kind === "exchange" ||
        shipment.return_of?.kind === "claim") && (
        <Text
          size="small"
          className="text-ui-fg-subtle"
          data-testid="change-return-notice"
        >
          The return part of {shipment.return_of.kind} {shipment.return_of.id}{" "}
          (return {shipment.return_of.return_id}), bought once the{" "}
          {shipment.return_of.kind} was confirmed: the customer finds it with
          the order&apos;s returns.
        </Text>
      )}

      {withdrawn && (
        <Text
          size="small"
          className="text-ui-fg-subtle"
          data-testid="withdrawn-notice"
        >
          The return was canceled. Return labels cannot be voided, so this one
          was withdrawn: a parcel the customer sends with it anyway is still
          tracked here.
        </Text>
      )}

      {shipment.orphaned_at && (
        <div
          className="rounded-md border border-ui-border-error bg-ui-bg-subtle px-3 py-2"
          data-testid="orphan-notice"
        >
          <Text size="small" className="text-ui-fg-error">
            No fulfillment holds this label: it was bought while a process
            stopped and no fulfillment took it back.{" "}
            {shipment.status === "voided"
              ? "It was voided automatically."
              : "It is voided automatically while the service allows it; see Settings → Shipping services."}
          </Text>
        </div>
      )}

      <div className="flex flex-col gap-y-2">
        <Row label="Tracking number">
          {shipment.tracking_number ? (
            shipment.tracking_url ? (
              <a
                href={shipment.tracking_url}
                target="_blank"
                rel="noreferrer"
                className="text-ui-fg-interactive inline-flex items-center gap-x-1 hover:underline"
                data-testid="tracking-link"
              >
                {shipment.tracking_number}
                <ArrowUpRightOnBox />
              </a>
            ) : (
              shipment.tracking_number
            )
          ) : (
            "–"
          )}
        </Row>
        {(shipment.parcel.count > 1 || shipment.parcel.items.length > 0) && (
          <Row label="Contents">
            <Contents parcel={shipment.parcel} titles={titles} />
          </Row>
        )}
        <Row label="Charges">
          <Charges charges={shipment.charges} />
        </Row>
        {shipment.rate_choice && (
          <Row label="Rate shopping">
            <RateChoiceSummary choice={shipment.rate_choice} />
          </Row>
        )}
        {shipment.estimated_delivery && (
          <Row label="Expected">
            {shipment.estimated_delivery.date}
            {shipment.estimated_delivery.time
              ? ` ${shipment.estimated_delivery.time.slice(0, 5)}`
              : ""}
          </Row>
        )}
        {shipment.label && (
          <Row label="Label">
            {shipment.label.format} · {shipment.label.size ?? "–"}
            {shipment.label.pages > 1 ? ` · ${shipment.label.pages} pages` : ""}
          </Row>
        )}
        {shipment.manifest_id && (
          <Row label="Manifest">{shipment.manifest_id}</Row>
        )}
        {shipment.voided_at && (
          <Row label="Voided">
            {formatDateTime(shipment.voided_at)}
            {shipment.void_status ? ` (${shipment.void_status})` : ""}
          </Row>
        )}
        {shipment.error && (
          <Row label="Last error">
            <span className="text-ui-fg-error">{shipment.error.message}</span>
          </Row>
        )}
      </div>

      <ShipmentActions orderId={orderId} shipment={shipment} />

      <div className="flex flex-col gap-y-2">
        <Text size="small" weight="plus">
          Tracking
        </Text>
        <TrackingTimeline events={shipment.timeline} />
      </div>
    </div>
  )
}
