import {
  LIMITS,
  WEBHOOK_EVENTS,
  WEBHOOK_STATUSES,
  WEBHOOK_TYPES,
  type WebhookType,
} from "../constants"
import { z } from "../zod"
import {
  fieldRule,
  maxLength,
  nonEmpty,
  positive,
  respArray,
  respNumber,
  respObject,
  respString,
} from "./common"

// Doc 1: requests are strict, so an unknown field or a foreign event is refused before anything is sent.

export const WEBHOOK_SOURCE = {
  body: "doc 1, Webhook configuration, request body",
  authParams: "doc 1, authParams shapes",
  events: "doc 1, Event names by webhook type",
  list: "doc 4, Webhook list",
  ours: "ours (docs/service-client.md)",
} as const

/** Doc 1: "no field inside them is marked required"; the authType selects the shape. */
export const webhookAuthParamsSchema = z.discriminatedUnion("authType", [
  z.strictObject({
    authType: z.literal("custom"),
    apiKey: z.string().optional(),
    headerName: z.string().optional(),
  }),
  z.strictObject({
    authType: z.literal("basic"),
    clientID: z.string().optional(),
    secret: z.string().optional(),
  }),
  z.strictObject({
    authType: z.literal("oauth"),
    clientID: z.string().optional(),
    secret: z.string().optional(),
    tokenUrl: z.string().optional(),
  }),
])

const httpUrl = fieldRule<string>({
  id: "webhook-config.url.http-url",
  source: WEBHOOK_SOURCE.ours,
  description: "must be an absolute http(s) URL",
  test: (v) => {
    try {
      const u = new URL(v)
      return u.protocol === "https:" || u.protocol === "http:"
    } catch {
      return false
    }
  },
})

const eventsNotEmpty = fieldRule<readonly string[]>({
  id: "webhook-config.events.not-empty",
  source: WEBHOOK_SOURCE.ours,
  description:
    "must list at least one event (a configuration without events receives nothing)",
  test: (v) => v.length > 0,
})

export const EVENTS_VALID_FOR_TYPE_RULE = "webhook-config.events.valid-for-type"

function invalidEvents(
  type: WebhookType,
  events: readonly unknown[]
): string[] {
  return events
    .filter((e) => !WEBHOOK_EVENTS[type].includes(e as string))
    .map((e) => String(e))
}

/** Doc 1: "Maximum length 50" (also the plugin option webhook.name). */
export const webhookNameSchema = z
  .string()
  .check(nonEmpty("webhook-config.name.not-empty", WEBHOOK_SOURCE.body))
  .check(
    maxLength(
      "webhook-config.name.max-length",
      WEBHOOK_SOURCE.body,
      LIMITS.webhookName
    )
  )

export const webhookConfigRequestSchema = z
  .strictObject({
    name: webhookNameSchema,
    type: z.enum(WEBHOOK_TYPES),
    events: z.array(z.string()).check(eventsNotEmpty),
    url: z.string().check(httpUrl),
    /** Seconds the service waits for the customer URL. */
    timeOut: z
      .number()
      .check(positive("webhook-config.timeOut.positive", WEBHOOK_SOURCE.body))
      .optional(),
    status: z.enum(WEBHOOK_STATUSES).default("active"),
    authParams: webhookAuthParamsSchema,
  })
  // `when` lets this run even if other fields failed, so one answer lists every problem.
  .refine((config) => invalidEvents(config.type, config.events).length === 0, {
    path: ["events"],
    when: (payload) => {
      const v = payload.value as { type?: unknown; events?: unknown }
      return (
        (WEBHOOK_TYPES as readonly unknown[]).includes(v?.type) &&
        Array.isArray(v?.events)
      )
    },
    error: (issue) => {
      const { type, events } = issue.input as {
        type: WebhookType
        events: unknown[]
      }
      return `${invalidEvents(type, events).join(", ")} not events of type ${type}; allowed: ${WEBHOOK_EVENTS[type].join(", ")}`
    },
    params: { rule: EVENTS_VALID_FOR_TYPE_RULE, source: WEBHOOK_SOURCE.events },
  })

export type WebhookConfigRequest = z.output<typeof webhookConfigRequestSchema>
export type WebhookConfigRequestInput = z.input<
  typeof webhookConfigRequestSchema
>

/** List entries carry authType, apiKey, headerName (doc 1). */
export const webhookAuthParamsResponseSchema = z.looseObject({
  authType: respString,
  apiKey: respString,
  headerName: respString,
  clientID: respString,
  secret: respString,
  tokenUrl: respString,
})

export const webhookConfigResponseSchema = z.looseObject({
  webHookConfigID: z.string().min(1),
  developerPartnerId: respString,
  name: respString,
  type: respString,
  events: respArray(z.string()),
  url: respString,
  timeOut: respNumber,
  status: respString,
  authParams: respObject(webhookAuthParamsResponseSchema.shape),
})
export type WebhookConfigResponse = z.output<typeof webhookConfigResponseSchema>

export const pageInfoSchema = z.looseObject({
  total: respNumber,
  pages: respNumber,
  page: respNumber,
})

/** One page (doc 4: `?page=&size=`, pages from 0). */
export const webhookConfigListResponseSchema = z.looseObject({
  data: respArray(webhookConfigResponseSchema),
  pageInfo: respObject(pageInfoSchema.shape),
})
export type WebhookConfigListResponse = z.output<
  typeof webhookConfigListResponseSchema
>

/** The applicable-events answer is an array of them. */
export const webhookEventEntrySchema = z.looseObject({
  eventId: respString,
  name: z.string(),
})
export const webhookEventsResponseSchema = z.array(webhookEventEntrySchema)
export type WebhookEventEntry = z.output<typeof webhookEventEntrySchema>
