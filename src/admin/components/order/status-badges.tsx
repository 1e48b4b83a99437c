import { Badge } from "@medusajs/ui"
import { statusLabel } from "../../lib/format"

type Color = "green" | "red" | "blue" | "orange" | "grey" | "purple"

/** Coloured by what they ask of the merchant. */
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
  // Return labels cannot be voided, so a canceled return's was withdrawn.
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

/** No carrier will move a sandbox label. */
export function SandboxBadge() {
  return (
    <Badge size="2xsmall" color="orange" data-testid="sandbox-badge">
      Sandbox
    </Badge>
  )
}
