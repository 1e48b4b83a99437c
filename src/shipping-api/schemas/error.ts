import { z } from "../zod"

// Older operations answer in their own error shapes despite X-Vendor-UnifiedErrorStructure, so one
// parser takes any.

/** Doc 4: also the body of `{ status: "ERROR", errors }`. */
export const standardErrorEntrySchema = z.looseObject({
  errorCode: z.string(),
  errorDescription: z.string().nullish(),
  additionalInfo: z.string().nullish(),
  parameters: z.array(z.unknown()).nullish(),
})
export const standardErrorBodySchema = z.looseObject({
  status: z.string().optional(),
  errors: z.array(standardErrorEntrySchema).min(1),
})

/** Doc 4: older bare array. */
export const bareErrorEntrySchema = z.looseObject({
  errorCode: z.string(),
  message: z.string().nullish(),
  additionalInfo: z.string().nullish(),
  parameters: z.array(z.unknown()).nullish(),
})

/** Doc 4: older `[{ key, message }]`. */
export const keyMessageEntrySchema = z.looseObject({
  key: z.string(),
  message: z.string().nullish(),
})

/** Doc 1 "Error object" (both required there). */
export const webhookErrorBodySchema = z.looseObject({
  message: z.string(),
  code: z.string(),
})

export const contactErrorBodySchema = z.looseObject({
  errorCode: z.string(),
  errorDescription: z.string().nullish(),
  additionalCode: z.string().nullish(),
  additionalInfo: z.string().nullish(),
  additionalParameters: z.array(z.unknown()).nullish(),
})

/** Doc 3, 401/500 (and the fallback of many gateways). */
export const messageErrorBodySchema = z.looseObject({ message: z.string() })

export type ServiceErrorEntry = {
  code?: string
  message: string
  /** First of `parameters`. */
  field?: string
  additionalInfo?: string
}

export type ServiceError = {
  codes: string[]
  messages: string[]
  entries: ServiceErrorEntry[]
}

/** Gateways answer with whole HTML pages. */
const MAX_TEXT = 300

function text(v: unknown): string | undefined {
  return typeof v === "string" && v.trim() !== "" ? v.trim() : undefined
}

function firstParameter(parameters: unknown): string | undefined {
  return Array.isArray(parameters) ? text(parameters[0]) : undefined
}

function entry(
  code: string | undefined,
  message: string | undefined,
  extra: Partial<ServiceErrorEntry> = {}
): ServiceErrorEntry {
  const out: ServiceErrorEntry = {
    message: message ?? code ?? "no description",
  }
  if (code) out.code = code
  if (extra.field) out.field = extra.field
  if (extra.additionalInfo) out.additionalInfo = extra.additionalInfo
  return out
}

function entriesOfArray(body: unknown[]): ServiceErrorEntry[] | undefined {
  const out: ServiceErrorEntry[] = []
  for (const item of body) {
    const bare = bareErrorEntrySchema.safeParse(item)
    if (bare.success) {
      const e = bare.data
      out.push(
        entry(
          e.errorCode,
          text(e.message) ??
            text((e as { errorDescription?: unknown }).errorDescription),
          {
            field: firstParameter(e.parameters),
            additionalInfo: text(e.additionalInfo),
          }
        )
      )
      continue
    }
    const keyed = keyMessageEntrySchema.safeParse(item)
    if (keyed.success) {
      // `key` names the error (a message key), so it is read as the code.
      out.push(entry(keyed.data.key, text(keyed.data.message)))
      continue
    }
    const message = messageErrorBodySchema.safeParse(item)
    if (message.success) {
      out.push(entry(undefined, text(message.data.message)))
      continue
    }
    return undefined
  }
  return out.length ? out : undefined
}

function entriesOfObject(body: object): ServiceErrorEntry[] | undefined {
  const standard = standardErrorBodySchema.safeParse(body)
  if (standard.success) {
    return standard.data.errors.map((e) =>
      entry(
        e.errorCode,
        text(e.errorDescription) ?? text((e as { message?: unknown }).message),
        {
          field: firstParameter(e.parameters),
          additionalInfo: text(e.additionalInfo),
        }
      )
    )
  }
  const contact = contactErrorBodySchema.safeParse(body)
  if (contact.success) {
    const e = contact.data
    return [
      entry(e.errorCode, text(e.errorDescription), {
        field: firstParameter(e.additionalParameters),
        additionalInfo: text(e.additionalInfo) ?? text(e.additionalCode),
      }),
    ]
  }
  const webhook = webhookErrorBodySchema.safeParse(body)
  if (webhook.success) {
    return [entry(webhook.data.code, text(webhook.data.message))]
  }
  const message = messageErrorBodySchema.safeParse(body)
  if (message.success) {
    return [entry(undefined, text(message.data.message))]
  }
  return undefined
}

function parseJsonText(body: string): unknown {
  try {
    return JSON.parse(body)
  } catch {
    return undefined
  }
}

/** An unknown shape still yields one entry, so callers always have words. */
export function parseServiceError(status: number, body: unknown): ServiceError {
  const parsed = typeof body === "string" ? (parseJsonText(body) ?? body) : body
  let entries: ServiceErrorEntry[] | undefined
  if (Array.isArray(parsed)) {
    entries = entriesOfArray(parsed)
  } else if (parsed && typeof parsed === "object") {
    entries = entriesOfObject(parsed)
  }
  if (!entries) {
    const raw = text(parsed)
    entries = [
      {
        message: raw
          ? raw.slice(0, MAX_TEXT)
          : `HTTP ${status} without an error body`,
      },
    ]
  }
  return {
    codes: entries.flatMap((e) => (e.code ? [e.code] : [])),
    messages: entries.map((e) => e.message),
    entries,
  }
}
