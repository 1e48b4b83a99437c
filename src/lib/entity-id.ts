import { randomFillSync } from "node:crypto"
import { factory } from "ulid"

/**
 * Ids of the plugin's own rows, in Medusa's form (`<prefix>_<ULID>`, as its generateEntityId),
 * from random bytes drawn 4 KB at a time. Medusa's generateEntityId asks the ulid library's
 * default generator, which makes one `crypto.randomBytes(1)` call per character (16 an id):
 * measured on the webhook route (bench/webhook-ingest.ts, CPU profile of the app) that was
 * ~130 µs of ~1,500 µs per delivery of one notification, the largest single cost of its own.
 * The bytes still come from the operating system's CSPRNG; one byte makes one base-32
 * character without bias (256 is a multiple of 32).
 */
const POOL_BYTES = 4096
const pool = Buffer.alloc(POOL_BYTES)
let next = POOL_BYTES

function pooledRandom(): number {
  if (next === POOL_BYTES) {
    randomFillSync(pool)
    next = 0
  }
  return pool[next++] / 256
}

const ulid = factory(pooledRandom)

export function entityId(prefix: string): string {
  return `${prefix}_${ulid()}`
}
