import { ShippingUnexpectedResponseError } from "../errors"
import { nextWebhookPage } from "../operations/webhooks"
import type {
  WebhookConfigListResponse,
  WebhookConfigResponse,
} from "../schemas/webhook-config"

/** Far above doc 4's 20 configurations per account. */
const MAX_WEBHOOK_PAGES = 100

/** A configuration listed on two pages is kept once. */
export async function readWebhookPages(
  readPage: (page: number) => Promise<WebhookConfigListResponse>,
  operation: string
): Promise<WebhookConfigResponse[]> {
  const all: WebhookConfigResponse[] = []
  const seen = new Set<string>()
  let page: number | undefined = 0
  while (page !== undefined) {
    if (page >= MAX_WEBHOOK_PAGES) {
      throw new ShippingUnexpectedResponseError({
        operation,
        status: 200,
        messages: [`more than ${MAX_WEBHOOK_PAGES} pages`],
      })
    }
    const body = await readPage(page)
    const next = nextWebhookPage(page, body, seen)
    for (const config of body.data ?? []) {
      if (!seen.has(config.webHookConfigID)) {
        seen.add(config.webHookConfigID)
        all.push(config)
      }
    }
    page = next
  }
  return all
}
