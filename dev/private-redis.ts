/**
 * A Redis server of one test's own (`redis-server --port`, its own folder), so a test may
 * restart it without touching the machine's shared one. It keeps its data in an append-only
 * file, as a production Redis under BullMQ must (BullMQ's own advice: AOF persistence,
 * `maxmemory-policy noeviction`): Medusa's event bus and workflow engine keep their queues and
 * the schedules of jobs there, and a restart must find them.
 *
 *   const redis = await startPrivateRedis({ logDir })
 *   redis.url            // redis://127.0.0.1:<port>
 *   await redis.restart() // SHUTDOWN (the AOF written), then started again on the same port
 *   await redis.destroy()
 */
import { spawn, type ChildProcess } from "node:child_process"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { freePort } from "./net"
import Redis from "ioredis"

export type PrivateRedis = {
  url: string
  port: number
  dir: string
  /** A graceful restart: SHUTDOWN (clients dropped, data flushed to the AOF), then started again. */
  restart(downMs?: number): Promise<void>
  destroy(): Promise<void>
}

export async function startPrivateRedis(options: {
  logDir: string
}): Promise<PrivateRedis> {
  const dir = mkdtempSync(path.join(tmpdir(), "mss-redis-"))
  const port = await freePort()
  const url = `redis://127.0.0.1:${port}`
  let child: ChildProcess | undefined
  let exited: Promise<void> = Promise.resolve()

  const start = async () => {
    child = spawn(
      "redis-server",
      [
        "--port",
        String(port),
        "--bind",
        "127.0.0.1",
        "--dir",
        dir,
        "--appendonly",
        "yes",
        "--appendfsync",
        "everysec",
        "--save",
        "",
        "--maxmemory-policy",
        "noeviction",
        "--logfile",
        path.join(options.logDir, "redis.log"),
      ],
      { stdio: "ignore" }
    )
    exited = new Promise((resolve) => child!.once("exit", () => resolve()))
    await waitForPing(url)
  }
  const stop = async () => {
    if (!child || child.exitCode !== null) return
    // SIGTERM: Redis's own graceful shutdown (the AOF is flushed and fsynced before it exits).
    child.kill("SIGTERM")
    await exited
  }
  await start()
  const onExit = () => child?.kill("SIGKILL")
  process.once("exit", onExit)
  return {
    url,
    port,
    dir,
    async restart(downMs = 0) {
      await stop()
      if (downMs) await new Promise((r) => setTimeout(r, downMs))
      await start()
    },
    async destroy() {
      await stop()
      process.off("exit", onExit)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

async function waitForPing(url: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    // One try per client: no reconnecting, no offline queue.
    const client = new Redis(url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    })
    client.on("error", () => undefined)
    try {
      await client.connect()
      if ((await client.ping()) === "PONG") return
    } catch {
      // not up yet
    } finally {
      client.disconnect()
    }
    if (Date.now() > deadline)
      throw new Error(
        `redis-server on ${url} did not answer within ${timeoutMs} ms`
      )
    await new Promise((r) => setTimeout(r, 100))
  }
}
