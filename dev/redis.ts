/**
 * Redis for the cluster harness (dev/cluster.ts): made reachable by scripts/ensure-redis.sh
 * (started when installed but stopped, installed with apt-get when missing), and the keys of
 * one run removed afterwards.
 */
import { execFileSync } from "node:child_process"
import path from "node:path"
import Redis from "ioredis"

const root = path.resolve(__dirname, "..")

/** REDIS_URL of a reachable server (see scripts/ensure-redis.sh); exported into process.env. */
export function ensureRedis(): string {
  const out = execFileSync(
    "bash",
    [path.join(root, "scripts/ensure-redis.sh")],
    { encoding: "utf8", env: process.env, stdio: ["ignore", "pipe", "inherit"] }
  )
  const url = out.match(/REDIS_URL=(\S+)/)?.[1]
  if (!url)
    throw new Error(`scripts/ensure-redis.sh printed no REDIS_URL:\n${out}`)
  process.env.REDIS_URL = url
  return url
}

export function redisClient(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false })
}

/** Deletes every key under `prefix:` (a cluster's queues, locks, cache and sessions). */
export async function deleteKeys(url: string, prefix: string): Promise<number> {
  const redis = redisClient(url)
  let deleted = 0
  try {
    let cursor = "0"
    do {
      const [next, keys] = await redis.scan(
        cursor,
        "MATCH",
        `${prefix}:*`,
        "COUNT",
        1000
      )
      cursor = next
      if (keys.length) deleted += await redis.unlink(...keys)
    } while (cursor !== "0")
  } finally {
    redis.disconnect()
  }
  return deleted
}
