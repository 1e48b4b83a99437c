import type { AuthParams } from "../state/model"
import type { Outbound } from "./outbound"

/**
 * Doc 4, "How authParams are applied": custom → `<headerName>: <apiKey>`; basic → Basic
 * base64(clientID:secret); oauth → a client-credentials token from `tokenUrl` (cached until it
 * expires, dropped when the receiver answers 401), sent as Bearer.
 */
export class AuthParamsApplier {
  private readonly tokens = new Map<
    string,
    { token: string; expiresAt: number }
  >()

  constructor(private readonly outbound: Outbound) {}

  async headers(
    auth: AuthParams,
    timeoutMs: number
  ): Promise<Record<string, string>> {
    switch (auth.authType) {
      case "custom":
        return auth.headerName && auth.apiKey !== undefined
          ? { [auth.headerName]: auth.apiKey }
          : {}
      case "basic":
        return { Authorization: basic(auth.clientID, auth.secret) }
      case "oauth":
        return { Authorization: `Bearer ${await this.token(auth, timeoutMs)}` }
      default:
        return {}
    }
  }

  /** The receiver refused our token: fetch a new one on the next attempt. */
  invalidate(auth: AuthParams): void {
    this.tokens.delete(cacheKey(auth))
  }

  private async token(auth: AuthParams, timeoutMs: number): Promise<string> {
    const key = cacheKey(auth)
    const cached = this.tokens.get(key)
    if (cached && cached.expiresAt > Date.now()) return cached.token
    if (!auth.tokenUrl) throw new Error("oauth authParams without tokenUrl")
    const res = await this.outbound.post(
      auth.tokenUrl,
      {
        Authorization: basic(auth.clientID, auth.secret),
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
      },
      "grant_type=client_credentials",
      timeoutMs
    )
    if (res.status < 200 || res.status >= 300)
      throw new Error(
        `token request to ${auth.tokenUrl} answered ${res.status}`
      )
    let parsed: {
      access_token?: unknown
      expires_in?: unknown
      expiresIn?: unknown
    }
    try {
      parsed = JSON.parse(res.body)
    } catch {
      throw new Error(`token response of ${auth.tokenUrl} is not JSON`)
    }
    if (typeof parsed.access_token !== "string" || !parsed.access_token)
      throw new Error(`token response of ${auth.tokenUrl} has no access_token`)
    const life = Number(parsed.expires_in ?? parsed.expiresIn) || 3600
    // Renew a little early so a delivery never carries a token that expires in flight.
    this.tokens.set(key, {
      token: parsed.access_token,
      expiresAt: Date.now() + Math.max(1, life - 30) * 1000,
    })
    return parsed.access_token
  }
}

const basic = (id: string | undefined, secret: string | undefined) =>
  `Basic ${Buffer.from(`${id ?? ""}:${secret ?? ""}`).toString("base64")}`
const cacheKey = (a: AuthParams) =>
  `${a.tokenUrl}\u0000${a.clientID}\u0000${a.secret}`
