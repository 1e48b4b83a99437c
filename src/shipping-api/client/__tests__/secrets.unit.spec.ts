import { inspect } from "node:util"
import { ShippingApiError } from "../../errors"
import { ShippingClient } from "../shipping-client"
import { clearTokenCache } from "../token-cache"
import {
  API_KEY,
  API_SECRET,
  clientConfig,
  fakeClock,
  fakeService,
  json,
  tokenAnswer,
} from "./fake-service"

/**
 * Errors and logs end up in workflow state, admin screens and log files: none may carry a token,
 * the API key or secret (plain or as Basic), or a webhook key, even when the service echoes them.
 */

const TOKEN = "tok-ABCDEFGHIJKLMNOP"
const WEBHOOK_KEY = "whk-secret-9f8e7d6c"
const BASIC = Buffer.from(`${API_KEY}:${API_SECRET}`).toString("base64")
const SECRETS = [TOKEN, WEBHOOK_KEY, API_KEY, API_SECRET, BASIC]

const webhookBody = {
  name: "hooks",
  type: "tracking" as const,
  events: ["Delivered"],
  url: "https://shop.example.com/hooks",
  authParams: {
    authType: "custom" as const,
    apiKey: WEBHOOK_KEY,
    headerName: "X-Key",
  },
}

/** An unfriendly service that repeats back whatever credentials it got. */
function echoingService(status: number) {
  return fakeService((req) => {
    if (req.path === "/oauth/token") return tokenAnswer(TOKEN)
    const echo = `bad request; auth=${req.headers.get("authorization")} key=${WEBHOOK_KEY} basic=${BASIC} apiKey=${API_KEY} secret=${API_SECRET}`
    return json(status, {
      errors: [
        {
          errorCode: `E-${TOKEN}`,
          errorDescription: echo,
          additionalInfo: WEBHOOK_KEY,
          parameters: [WEBHOOK_KEY],
        },
      ],
    })
  })
}

function everyRendering(error: unknown): string {
  const e = error as Error
  return [
    JSON.stringify(error),
    inspect(error, { depth: 20, showHidden: true }),
    String(e),
    e.stack ?? "",
    e.message,
  ].join("\n")
}

beforeEach(() => clearTokenCache())

describe("secrets never leak", () => {
  it.each([400, 401, 404, 500, 503])(
    "not in a %i error, however it is printed",
    async (status) => {
      const lines: string[] = []
      const service = echoingService(status)
      const client = new ShippingClient(
        clientConfig(service.fetch, fakeClock(), {
          maxAttempts: 1,
          logger: { debug: (l) => lines.push(l) },
        })
      )
      const error = await client
        .createWebhookConfig(webhookBody)
        .catch((e) => e)
      expect(error).toBeInstanceOf(ShippingApiError)
      expect(error.messages[0]).toContain("[redacted]")
      const text = everyRendering(error) + lines.join("\n")
      for (const secret of SECRETS) expect(text).not.toContain(secret)
    }
  )

  it("not in network errors", async () => {
    const service = fakeService((req) =>
      req.path === "/oauth/token" ? tokenAnswer(TOKEN) : "drop"
    )
    const client = new ShippingClient(
      clientConfig(service.fetch, fakeClock(), { maxAttempts: 1 })
    )
    const error = await client.createWebhookConfig(webhookBody).catch((e) => e)
    const text = everyRendering(error)
    for (const secret of SECRETS) expect(text).not.toContain(secret)
  })

  it("not in validation errors about a webhook body", async () => {
    const service = fakeService(() => json(200, {}))
    const client = new ShippingClient(clientConfig(service.fetch, fakeClock()))
    const error = await client
      .createWebhookConfig({
        ...webhookBody,
        events: ["pickup"],
        authParams: { ...webhookBody.authParams, extra: 1 },
      } as never)
      .catch((e) => e)
    const text = everyRendering(error)
    for (const secret of SECRETS) expect(text).not.toContain(secret)
  })

  it("not in a token answer that does not match its shape", async () => {
    const service = fakeService(() =>
      json(200, { access_token: TOKEN, expiresIn: "later" })
    )
    const client = new ShippingClient(clientConfig(service.fetch, fakeClock()))
    const error = await client.listApplicableEvents().catch((e) => e)
    expect(error.messages).toEqual([
      "expiresIn does not match the documented shape",
    ])
    for (const secret of SECRETS)
      expect(everyRendering(error)).not.toContain(secret)
  })

  it("not when the client itself is logged or serialized", async () => {
    const service = fakeService((req) =>
      req.path === "/oauth/token" ? tokenAnswer(TOKEN) : json(200, [])
    )
    const client = new ShippingClient(clientConfig(service.fetch, fakeClock()))
    await client.listApplicableEvents()
    const text = [
      JSON.stringify(client),
      inspect(client, { depth: 20, showHidden: true }),
      inspect(client, { depth: 20, showHidden: true, customInspect: false }),
      String(client),
    ].join("\n")
    for (const secret of SECRETS) expect(text).not.toContain(secret)
  })
})
