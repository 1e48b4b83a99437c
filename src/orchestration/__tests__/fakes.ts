/**
 * In-memory stand-ins for the orchestration's unit tests: the plugin module's service (only the
 * methods the orchestration calls), a lock like Medusa's in-memory provider, a silent logger, and
 * an evaluator of the MikroORM filters the orchestration builds, with SQL's NULL semantics.
 */
import { parsePluginOptions, type PluginOptions } from "../../options"
import { appPluginOptions } from "../../../dev/app-options"

type Row = Record<string, any> & { id: string }

/** SQL semantics: a comparison with NULL is not true; `{ $ne: null }` is IS NOT NULL. */
export function matches(
  row: Record<string, any>,
  filter: Record<string, any>
): boolean {
  return Object.entries(filter).every(([key, cond]) => {
    if (key === "$and") return (cond as any[]).every((f) => matches(row, f))
    if (key === "$or") return (cond as any[]).some((f) => matches(row, f))
    const value = row[key] ?? null
    if (cond === null) return value === null
    if (Array.isArray(cond)) return value !== null && cond.includes(value)
    if (cond instanceof Date || typeof cond !== "object")
      return value !== null && cmp(value, cond) === 0
    return Object.entries(cond).every(([op, operand]) => {
      if (op === "$ne")
        return operand === null
          ? value !== null
          : value !== null && cmp(value, operand) !== 0
      if (value === null) return false
      const c = cmp(value, operand)
      if (op === "$gt") return c > 0
      if (op === "$gte") return c >= 0
      if (op === "$lt") return c < 0
      if (op === "$lte") return c <= 0
      if (op === "$in") return (operand as unknown[]).includes(value)
      throw new Error(`operator ${op} not supported by the fake`)
    })
  })
}

function cmp(a: unknown, b: unknown): number {
  const x = a instanceof Date ? a.getTime() : a
  const y = b instanceof Date ? b.getTime() : b
  return (x as any) < (y as any) ? -1 : (x as any) > (y as any) ? 1 : 0
}

let seq = 0
const id = (prefix: string) => `${prefix}_${String(++seq).padStart(8, "0")}`

class Table {
  rows: Row[] = []
  constructor(
    private readonly prefix: string,
    private readonly unique: string[] = []
  ) {}
  list(
    filter: Record<string, any> = {},
    config: {
      take?: number
      order?: Record<string, "ASC" | "DESC">
      select?: string[]
    } = {}
  ) {
    let out = this.rows.filter((r) => matches(r, filter))
    const [[field, dir] = []] = Object.entries(config.order ?? {})
    if (field)
      out = [...out].sort(
        (a, b) => cmp(a[field], b[field]) * (dir === "DESC" ? -1 : 1)
      )
    if (config.take !== undefined) out = out.slice(0, config.take)
    return out.map((r) =>
      config.select
        ? Object.fromEntries(config.select.map((k) => [k, r[k]]))
        : { ...r }
    )
  }
  create(data: Record<string, any>) {
    for (const u of this.unique) {
      if (this.rows.some((r) => r[u] === data[u]))
        throw new Error(`duplicate ${u}`)
    }
    const row = { id: id(this.prefix), created_at: new Date(), ...data }
    this.rows.push(row)
    return { ...row }
  }
  update(data: Row | Row[]) {
    for (const d of Array.isArray(data) ? data : [data]) {
      const row = this.rows.find((r) => r.id === d.id)
      if (!row) throw new Error(`no row ${d.id}`)
      Object.assign(row, d)
    }
  }
  delete(ids: string | string[]) {
    const gone = new Set(Array.isArray(ids) ? ids : [ids])
    this.rows = this.rows.filter((r) => !gone.has(r.id))
  }
}

export function fakeShipping(overrides: Record<string, unknown> = {}) {
  const options: PluginOptions = parsePluginOptions({
    ...(appPluginOptions({
      SHIPPING_SERVICES_PUBLIC_URL: "https://shop.example.com",
    }) as object),
    ...overrides,
  })
  const tables = {
    registrations: new Table("sswh", ["type"]),
    settings: new Table("ssset", ["key"]),
    shipments: new Table("ssship"),
    events: new Table("sstev", ["dedupe_key"]),
  }
  const later = <T>(v: T) => new Promise<T>((r) => setImmediate(() => r(v)))
  const service = {
    tables,
    options,
    getOptions: () => options,
    keys: () => ({ forget: () => undefined }),
    listWebhookRegistrations: (f?: any, c?: any) =>
      later(tables.registrations.list(f, c)),
    createWebhookRegistrations: async (d: any) => {
      await later(null)
      return tables.registrations.create({
        previous_api_key: null,
        config_id: null,
        ...d,
      })
    },
    updateWebhookRegistrations: async (d: any) =>
      later(tables.registrations.update(d)),
    deleteWebhookRegistrations: async (ids: any) =>
      later(tables.registrations.delete(ids)),
    listSettings: (f?: any) => later(tables.settings.list(f)),
    createSettings: async (d: any) => later(tables.settings.create(d)),
    updateSettings: async (d: any) => later(tables.settings.update(d)),
    deleteSettings: async (ids: any) => later(tables.settings.delete(ids)),
    listShipments: (f?: any, c?: any) => later(tables.shipments.list(f, c)),
    updateShipments: async (d: any) => later(tables.shipments.update(d)),
    listTrackingEvents: (f?: any, c?: any) => later(tables.events.list(f, c)),
    trackingEvents: () => ({
      write: async (rows: any[]) =>
        later(
          rows.map((r) => {
            if (tables.events.rows.some((e) => e.dedupe_key === r.dedupe_key))
              return null
            return tables.events.create({ processed_at: null, ...r }).id
          })
        ),
    }),
  }
  return service
}

/** Like Medusa's in-memory locking provider: one job per key at a time, others wait. */
export function fakeLocking() {
  const tails = new Map<string, Promise<unknown>>()
  let held = 0
  let maxHeld = 0
  return {
    get maxHeld() {
      return maxHeld
    },
    async execute<T>(
      key: string | string[],
      job: () => Promise<T>
    ): Promise<T> {
      const k = String(key)
      const before = tails.get(k) ?? Promise.resolve()
      let release!: () => void
      const mine = new Promise<void>((r) => (release = r))
      tails.set(
        k,
        before.then(() => mine)
      )
      await before
      held++
      maxHeld = Math.max(maxHeld, held)
      try {
        return await job()
      } finally {
        held--
        release()
      }
    },
  }
}

export const silentLogger = () => {
  const lines: string[] = []
  const log = (m: unknown) => void lines.push(String(m))
  return {
    lines,
    logger: {
      info: log,
      warn: log,
      error: log,
      debug: log,
      log,
      activity: log,
      progress: log,
      failure: log,
      success: log,
      panic: log,
      shouldLog: () => true,
      setLogLevel: () => undefined,
      unsetLogLevel: () => undefined,
    } as any,
  }
}
