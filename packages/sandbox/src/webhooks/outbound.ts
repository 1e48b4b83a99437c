import http from "node:http"
import https from "node:https"

/**
 * One outgoing POST (webhook delivery or a receiver's token request), with a hard timeout.
 * No keep-alive: a receiver under test must be able to close without waiting on our sockets.
 */
export type OutboundResult = {
  status: number
  body: string
  /** The receiver's Retry-After header, as sent. */
  retryAfter?: string
}

const MAX_RESPONSE = 64 * 1024

export class Outbound {
  private readonly active = new Set<http.ClientRequest>()

  post(
    url: string,
    headers: Record<string, string>,
    body: string,
    timeoutMs: number
  ): Promise<OutboundResult> {
    return new Promise((resolve, reject) => {
      let target: URL
      try {
        target = new URL(url)
      } catch {
        reject(new Error(`invalid url ${url}`))
        return
      }
      const mod = target.protocol === "https:" ? https : http
      const req = mod.request(target, {
        method: "POST",
        agent: false,
        headers: {
          ...headers,
          "Content-Length": String(Buffer.byteLength(body)),
        },
      })
      this.active.add(req)
      const timer = setTimeout(
        () => req.destroy(new Error(`timed out after ${timeoutMs} ms`)),
        timeoutMs
      )
      const done = () => {
        clearTimeout(timer)
        this.active.delete(req)
      }
      req.on("response", (res) => {
        let text = ""
        res.setEncoding("utf8")
        res.on("data", (c: string) => {
          if (text.length < MAX_RESPONSE) text += c
        })
        res.on("end", () => {
          done()
          const retryAfter = res.headers["retry-after"]
          resolve({
            status: res.statusCode ?? 0,
            body: text,
            ...(typeof retryAfter === "string" ? { retryAfter } : {}),
          })
        })
        res.on("error", (e) => {
          done()
          reject(e)
        })
      })
      req.on("error", (e) => {
        done()
        reject(e)
      })
      req.end(body)
    })
  }

  abortAll(): void {
    for (const req of this.active) req.destroy(new Error("sandbox closed"))
    this.active.clear()
  }
}
