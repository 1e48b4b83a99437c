import { randomFillSync } from "node:crypto"
import { factory } from "ulid"

// `<prefix>_<ULID>` from pooled CSPRNG bytes: Medusa's generator drew one byte per character,
// ~130 µs of ~1,500 µs per webhook delivery; 256 being a multiple of 32 keeps it unbiased.
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
