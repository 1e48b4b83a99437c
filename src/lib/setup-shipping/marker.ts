import {
  SETUP_LANES,
  SETUP_MARKER_KEY,
  type SetupLane,
  type SetupMarker,
} from "./types"

/** So a second run knows what it made and never mistakes a merchant's own for it. */
export function markerMetadata(marker: Omit<SetupMarker, "version">): {
  [SETUP_MARKER_KEY]: SetupMarker
} {
  return { [SETUP_MARKER_KEY]: { ...marker, version: 1 } }
}

export function markerOf(
  metadata: Record<string, unknown> | null | undefined
): SetupMarker | null {
  const m = metadata?.[SETUP_MARKER_KEY] as Record<string, unknown> | undefined
  if (!m || typeof m !== "object" || m.version !== 1) return null
  const lane =
    typeof m.lane === "string" &&
    (SETUP_LANES as readonly string[]).includes(m.lane)
      ? (m.lane as SetupLane)
      : undefined
  return {
    version: 1,
    ...(typeof m.service === "string" ? { service: m.service } : {}),
    ...(lane ? { lane } : {}),
    ...(typeof m.location_id === "string"
      ? { location_id: m.location_id }
      : {}),
  }
}
