/** Major units, as the service reports them. */
export function formatMoney(amount: unknown, currency: unknown): string {
  if (typeof amount !== "number") return "–"
  const code =
    typeof currency === "string" && /^[A-Za-z]{3}$/.test(currency)
      ? currency.toUpperCase()
      : undefined
  try {
    return code
      ? new Intl.NumberFormat(undefined, {
          style: "currency",
          currency: code,
        }).format(amount)
      : amount.toFixed(2)
  } catch {
    return `${amount.toFixed(2)} ${code ?? ""}`.trim()
  }
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "–"
  const d = new Date(iso)
  return Number.isNaN(d.getTime())
    ? "–"
    : d.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })
}

/** As the carrier scanned it (local time and offset), else the instant in the admin's zone. */
export function formatScanTime(e: {
  date: string | null
  time: string | null
  offset: string | null
  occurred_at: string | null
}): string {
  if (e.date)
    return `${e.date}${e.time ? ` ${e.time.slice(0, 5)}` : ""}${e.offset ? ` (UTC${e.offset})` : ""}`
  return formatDateTime(e.occurred_at)
}

/** "OutForDelivery" → "Out for delivery". */
export function statusLabel(status: string | null | undefined): string {
  if (!status) return "No scan yet"
  const words = status.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

export function errorMessage(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message
  return typeof message === "string" && message
    ? message
    : "Something went wrong"
}
