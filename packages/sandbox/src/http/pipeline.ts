import type { IncomingMessage, ServerResponse } from "node:http"
import { wireCarriers } from "../../../../src/shipping-api/client/carrier-codes"
import { authenticate, expireAllTokens } from "../auth"
import { parseFault, type Fault, FAULT_NAMES } from "../faults"
import type { World } from "../world"
import { ApiError, apiError, errorBody, type Family } from "./errors"
import { readBody, send, type Reply } from "./io"
import { familyOfPath, type RequestContext, type Router } from "./router"

/**
 * One request to a service route: count it, pick its fault (header first, then the plan), read
 * the body, authenticate, run the handler, then apply the fault and latency that come after the
 * work. Creates are counted in flight from arrival until the socket is done with the answer.
 */
export async function serve(
  world: World,
  router: Router,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  query: URLSearchParams
): Promise<void> {
  const unified =
    headerOf(req, "x-vendor-unifiederrorstructure")?.toLowerCase() === "true"
  const found = router.match(req.method ?? "GET", path)
  if (!("route" in found)) {
    const status = found.methodMismatch ? 405 : 404
    await readBody(req).catch(() => undefined)
    send(
      res,
      errorReply(
        familyOfPath(path),
        status,
        [
          {
            code: status === 404 ? "NOT_FOUND" : "METHOD_NOT_ALLOWED",
            description: `${req.method} ${path} is not an operation of the service`,
          },
        ],
        unified
      )
    )
    return
  }
  const { route, params, apac } = found
  world.stats.count(route.operation)
  if (route.operation === "createShipment") {
    const client = req.headers.authorization
    world.stats.createStarted(client)
    res.once("close", () =>
      world.stats.createEnded(
        client,
        res.statusCode >= 200 && res.statusCode < 300
      )
    )
  }

  try {
    const fault = pickFault(world, req, route.operation)
    const body = await readBody(req)
    if (fault?.kind === "expire-tokens") expireAllTokens(world.store)
    if (
      fault &&
      (fault.kind === "error" ||
        fault.kind === "hang" ||
        fault.kind === "drop") &&
      fault.before
    ) {
      return applyFailure(res, fault, route.family, unified)
    }
    if (fault?.kind === "throttle") {
      send(res, {
        ...errorReply(
          route.family,
          429,
          [
            {
              code: "TOO_MANY_REQUESTS",
              description: "rate limit exceeded; retry after the given seconds",
            },
          ],
          unified
        ),
        headers: { "Retry-After": String(fault.retryAfterSeconds) },
      })
      return
    }
    let reply: Reply
    try {
      const ctx: RequestContext = {
        world,
        req,
        params,
        query,
        body,
        apac,
        account: route.auth
          ? authenticate(
              world.store,
              req.headers.authorization,
              world.clock.now()
            )
          : (undefined as never),
        header: (name) => headerOf(req, name),
      }
      reply = await route.handler(ctx)
      // Handlers speak neutral carrier ids; an account with its own codes is answered in them.
      const codes = ctx.account?.carrierCodes
      if (codes && route.family === "shipping" && reply.body !== undefined)
        reply = { ...reply, body: wireCarriers(reply.body, codes) }
    } catch (e) {
      if (!(e instanceof ApiError)) throw e
      reply = errorReply(route.family, e.status, e.items, unified)
    }
    if (
      fault &&
      (fault.kind === "error" || fault.kind === "hang" || fault.kind === "drop")
    ) {
      return applyFailure(res, fault, route.family, unified)
    }
    const wait =
      world.faults.latencyOf(route.operation) +
      (fault?.kind === "delay" ? fault.ms : 0)
    if (wait > 0) await world.faults.wait(wait)
    send(res, reply)
  } catch (e) {
    if (e instanceof ApiError) {
      send(res, errorReply(route.family, e.status, e.items, unified))
      return
    }
    world.log(
      `sandbox: ${route.operation} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`
    )
    send(
      res,
      errorReply(
        route.family,
        500,
        [
          {
            code: "INTERNAL_SERVER_ERROR",
            description: "unexpected sandbox error",
          },
        ],
        unified
      )
    )
  }
}

function pickFault(
  world: World,
  req: IncomingMessage,
  operation: string
): Fault | undefined {
  const header = headerOf(req, "x-sandbox-fault")
  if (header) {
    const fault = parseFault(header)
    if (!fault)
      throw apiError(
        400,
        "SANDBOX_UNKNOWN_FAULT",
        `X-Sandbox-Fault must be one of ${FAULT_NAMES.join(", ")}`,
        ["X-Sandbox-Fault"]
      )
    return fault
  }
  return world.faults.take(operation)
}

function applyFailure(
  res: ServerResponse,
  fault: Fault,
  family: Family,
  unified: boolean
): void {
  switch (fault.kind) {
    case "error":
      send(
        res,
        errorReply(
          family,
          fault.status,
          [
            fault.status === 503
              ? {
                  code: "SERVICE_UNAVAILABLE",
                  description: "the service is down for maintenance",
                }
              : fault.status === 400
                ? {
                    code: "INVALID_REQUEST",
                    description:
                      "the request was refused (injected: X-Sandbox-Fault 400)",
                  }
                : {
                    code: "INTERNAL_SERVER_ERROR",
                    description: "internal server error",
                  },
          ],
          unified
        )
      )
      return
    case "drop":
      res.socket?.destroy()
      return
    case "hang":
      // Never answer: the client's timeout (or the sandbox closing) ends the exchange.
      return
  }
}

function errorReply(
  family: Family,
  status: number,
  items: ApiError["items"],
  unified: boolean
): Reply {
  return { status, body: errorBody(family, status, items, unified) }
}

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name]
  return Array.isArray(v) ? v[0] : v
}
