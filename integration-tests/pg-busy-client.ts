import path from "node:path"
import { Client } from "pg"

/**
 * After every http test file: the plugin's own code never sent a query to a database client that
 * was still busy with another. That is what pg 8.23's DeprecationWarning ("Calling client.query()
 * when the client is already executing a query") is about; Medusa 2.21's product module raises it
 * when products are created (createVariants_ queries in parallel on one transaction), and the
 * plugin must never add to it. Same condition as pg's, checked on every call instead of once per
 * process, and blamed on the plugin only when a frame of its src/ is on the (async) stack.
 */
const src = path.resolve(__dirname, "..", "src") + path.sep
const proto = Client.prototype as unknown as {
  query: (...args: unknown[]) => unknown
  __busyCheck?: boolean
}
const found: string[] = []

if (!proto.__busyCheck) {
  const query = proto.query
  proto.query = function (
    this: { _queryQueue?: unknown[]; pipeline?: boolean },
    ...args: unknown[]
  ) {
    if ((this._queryQueue?.length ?? 0) > 0 && !this.pipeline) {
      const limit = Error.stackTraceLimit
      Error.stackTraceLimit = 200
      const stack = new Error("query sent to a busy client").stack ?? ""
      Error.stackTraceLimit = limit
      if (stack.includes(src)) found.push(stack)
    }
    return query.apply(this, args)
  }
  proto.__busyCheck = true
}

afterAll(() => {
  if (found.length)
    throw new Error(
      `the plugin sent ${found.length} query(ies) to a busy database client; the first:\n${found[0]}`
    )
})
