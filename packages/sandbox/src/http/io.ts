import type { IncomingMessage, ServerResponse } from "node:http"
import { apiError } from "./errors"

/** What a handler answers: JSON (`body`), bytes (`raw`), or nothing (`status` only). */
export type Reply = {
  status: number
  body?: unknown
  raw?: Buffer | string
  contentType?: string
  headers?: Record<string, string>
}

const MAX_BODY = 5 * 1024 * 1024

export function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on("data", (c: Buffer) => {
      size += c.length
      if (size > MAX_BODY) {
        reject(
          apiError(
            413,
            "PAYLOAD_TOO_LARGE",
            `request body above ${MAX_BODY} bytes`
          )
        )
        req.destroy()
        return
      }
      chunks.push(c)
    })
    req.on("end", () =>
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks))
    )
    req.on("error", reject)
  })
}

/** JSON body, or a 400 in the route's error shape when it is not JSON. Empty body → undefined. */
export function parseJson(raw: Buffer): unknown {
  if (!raw.length) return undefined
  try {
    return JSON.parse(raw.toString("utf8"))
  } catch {
    throw apiError(400, "INVALID_JSON", "request body is not valid JSON")
  }
}

export function send(res: ServerResponse, reply: Reply): void {
  if (res.writableEnded || res.destroyed) return
  const headers: Record<string, string | number> = { ...reply.headers }
  let payload: Buffer | string | undefined
  if (reply.raw !== undefined) {
    payload = reply.raw
    headers["Content-Type"] = reply.contentType ?? "application/octet-stream"
  } else if (reply.body !== undefined) {
    payload = JSON.stringify(reply.body)
    headers["Content-Type"] = "application/json"
  }
  headers["Content-Length"] =
    payload === undefined ? 0 : Buffer.byteLength(payload)
  res.writeHead(reply.status, headers)
  res.end(payload)
}
