import { Badge } from "@medusajs/ui"
import { statusLabel } from "../../lib/format"

type Color = "green" | "red" | "blue" | "orange" | "grey" | "purple"

/** Doc 3 package statuses, coloured by what they ask of the merchant. */
const TRACKING_COLORS: Record<string, Color> = {
  Delivered: "green",
  Acceptance: "blue",
  PickedUp: "blue",
  InTransit: "blue",
  OutForDelivery: "purple",
  DeliveryAttempt: "orange",
  ReadyForPickup: "orange",
  Exception: "red",
  ReturnToSender: "red",
  PickupMissed: "red",
  Manifest: "grey",
}

export function TrackingStatusBadge({ status }: { status: string | null }) {
  return (
    <Badge
      size="2xsmall"
      color={(status && TRACKING_COLORS[status]) || "grey"}
      data-testid="tracking-status"
    >
      {statusLabel(status)}
    </Badge>
  )
}

const LABEL_STATES: Record<string, { color: Color; text: string }> = {
  created: { color: "green", text: "Label created" },
  pending: { color: "orange", text: "Label pending" },
  failed: { color: "red", text: "Label failed" },
  voided: { color: "grey", text: "Voided" },
  // A canceled return's label: return labels cannot be voided (doc 4), so it was withdrawn.
  withdrawn: { color: "grey", text: "Withdrawn" },
}

export function LabelStatusBadge({ status }: { status: string }) {
  const s = LABEL_STATES[status] ?? { color: "grey" as Color, text: status }
  return (
    <Badge size="2xsmall" color={s.color}>
      {s.text}
    </Badge>
  )
}

/** A label of the local sandbox: a test label that no carrier will move. */
export function SandboxBadge() {
  return (
    <Badge size="2xsmall" color="orange" data-testid="sandbox-badge">
      Sandbox
    </Badge>
  )
}
