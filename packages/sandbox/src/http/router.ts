import type { IncomingMessage } from "node:http"
import type { World } from "../world"
import type { Account } from "../state/model"
import type { Family } from "./errors"
import type { Reply } from "./io"

export type RequestContext = {
  world: World
  req: IncomingMessage
  params: Record<string, string>
  query: URLSearchParams
  /** Raw request body. */
  body: Buffer
  /** Set on routes that require a bearer token. */
  account: Account
  /** True when the request came through the APAC root (`/apac/...`). */
  apac: boolean
  header(name: string): string | undefined
}

export type Handler = (ctx: RequestContext) => Reply | Promise<Reply>

export type Route = {
  method: string
  /** Segments; `:name` captures one. */
  path: string
  /** Name used by stats, fault plans and latency settings. */
  operation: string
  family: Family
  auth: boolean
  /** Also served under the APAC root. */
  apac?: boolean
  handler: Handler
}

type Compiled = Route & { segments: string[] }

export class Router {
  private readonly routes: Compiled[]

  constructor(routes: Route[]) {
    this.routes = routes.map((r) => ({
      ...r,
      segments: r.path.split("/").filter(Boolean),
    }))
  }

  list(): Route[] {
    return this.routes
  }

  /** The route for a path; `methodMismatch` when the path exists with another method. */
  match(
    method: string,
    path: string
  ):
    | { route: Compiled; params: Record<string, string>; apac: boolean }
    | { methodMismatch: boolean } {
    let segments = path.split("/").filter(Boolean)
    const apac = segments[0] === "apac"
    if (apac) segments = segments.slice(1)
    let methodMismatch = false
    for (const route of this.routes) {
      if (route.segments.length !== segments.length || (apac && !route.apac))
        continue
      const params: Record<string, string> = {}
      let ok = true
      for (let i = 0; i < segments.length; i++) {
        const want = route.segments[i]!
        if (want.startsWith(":"))
          params[want.slice(1)] = safeDecode(segments[i]!)
        else if (want !== segments[i]) {
          ok = false
          break
        }
      }
      if (!ok) continue
      if (route.method !== method) {
        methodMismatch = true
        continue
      }
      return { route, params, apac }
    }
    return { methodMismatch }
  }
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

/** Route family of an unmatched path, so even a 404 has the right error shape. */
export function familyOfPath(path: string): Family {
  if (path.startsWith("/api/v1/contact")) return "contact"
  if (path.startsWith("/api/")) return "webhook"
  if (path.startsWith("/oauth")) return "token"
  return "shipping"
}
