const SECRET_KEYS = /(secret|apikey|api_key|password|token|authorization|key)$/i

/** A copy of any options/config object with every secret-looking value replaced. */
export function redact<T>(value: T): T {
  if (Array.isArray(value)) {
    return value.map((v) => redact(v)) as T
  }
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      out[k] =
        SECRET_KEYS.test(k) && v != null && typeof v !== "object"
          ? "[redacted]"
          : redact(v)
    }
    return out as T
  }
  return value
}
