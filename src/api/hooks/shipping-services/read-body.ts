import type { IncomingMessage } from "node:http"
import {
  refuseDeclaredLength,
  tooLarge,
  WEBHOOK_BODY_LIMIT,
  type BodyRefusal,
} from "../../../lib/ingest/json-body"

/** At most `limit` bytes (413 beyond); the rest of a refused body is drained so the sender can read the answer. */
export function readBody(
  req: IncomingMessage,
  limit = WEBHOOK_BODY_LIMIT
): Promise<{ ok: true; bytes: Buffer } | ({ ok: false } & BodyRefusal)> {
  if (req.readableEnded) {
    // Only a body parser left on for this path does that.
    return Promise.reject(
      new Error("the delivery's body was read before the route")
    )
  }
  const declared = refuseDeclaredLength(req.headers["content-length"], limit)
  if (declared) {
    req.resume()
    return Promise.resolve({ ok: false, ...declared })
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    const cleanup = () => {
      req.off("data", onData)
      req.off("end", onEnd)
      req.off("error", onError)
      req.off("aborted", onAborted)
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        cleanup()
        req.resume()
        resolve({ ok: false, ...tooLarge(limit) })
        return
      }
      chunks.push(chunk)
    }
    const onEnd = () => {
      cleanup()
      resolve({ ok: true, bytes: Buffer.concat(chunks, size) })
    }
    const onError = (e: Error) => {
      cleanup()
      reject(e)
    }
    const onAborted = () =>
      onError(
        new Error(
          "The sender closed the connection before the body was complete"
        )
      )
    req.on("data", onData)
    req.on("end", onEnd)
    req.on("error", onError)
    req.on("aborted", onAborted)
  })
}
