import { readFileSync } from "node:fs"
import { createServer } from "node:net"
import { FETCH_BLOCKED_PORTS } from "../src/shipping-api/client/blocked-ports"

/** Where ports are looked for: above the well-known and registered ones most services take. */
const FLOOR = 10_000
/** Linux's default ephemeral range, for systems that do not say theirs (macOS starts at 49152). */
const DEFAULT_EPHEMERAL: [number, number] = [32768, 60999]

/** The range the OS picks local ports from for outgoing connections and `listen(0)`. */
export function ephemeralRange(
  read: () => string = () =>
    readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8")
): [number, number] {
  try {
    const [low, high] = read().trim().split(/\s+/).map(Number)
    if (Number.isInteger(low) && Number.isInteger(high) && low! <= high!)
      return [low!, high!]
  } catch {
    // not Linux: the default below
  }
  return DEFAULT_EPHEMERAL
}

/**
 * A port to try, below the ephemeral range (or above it when there is no room below), never one
 * this process handed out already, nor one fetch refuses to connect to (10080 lies in the range:
 * an app given it boots and is never reached). Pure but for `random`.
 */
export function candidatePort(
  [low, high]: [number, number],
  taken: ReadonlySet<number>,
  random: () => number = Math.random
): number | undefined {
  const room = (a: number, b: number) => b - a >= 1_000
  const [a, b] = room(FLOOR, low - 1)
    ? [FLOOR, low - 1]
    : room(high + 1, 65535)
      ? [high + 1, 65535]
      : []
  if (a === undefined || b === undefined) return undefined
  for (let i = 0; i < 100; i++) {
    const port = a + Math.floor(random() * (b - a + 1))
    if (!taken.has(port) && !FETCH_BLOCKED_PORTS.has(port)) return port
  }
  return undefined
}

const handedOut = new Set<number>()

/**
 * A TCP port free on this machine now, outside the OS's ephemeral range. A port the OS picked
 * (`listen(0)`) lies inside that range, where any outgoing connection (a PostgreSQL pool, a
 * fetch) may take it as its local port the moment nobody listens on it: a CI run lost a whole
 * jest worker of the http group so (its app port, fixed for the run, was taken between two spec
 * files: EADDRINUSE for every later file). Outside the range the OS hands nothing out on its
 * own, so a port reserved here stays free between its owner's restarts (an app per spec file, a
 * PostgreSQL stopped for 20 s) unless another program binds it by number. Never the same port
 * twice in one process.
 */
export async function freePort(): Promise<number> {
  const range = ephemeralRange()
  for (let i = 0; i < 50; i++) {
    const port = candidatePort(range, handedOut)
    if (port === undefined) break
    handedOut.add(port)
    if (await canListen(port)) return port
  }
  return osPickedPort()
}

/** Whether a server could listen on the port on every address now (as the apps do). */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.unref()
    server.once("error", () => resolve(false))
    server.listen(port, () => server.close(() => resolve(true)))
  })
}

/** The OS's pick, when no port outside its range could be had. */
function osPickedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on("error", reject)
    server.listen(0, () => {
      const address = server.address()
      server.close(() =>
        resolve(typeof address === "object" && address ? address.port : 0)
      )
    })
  })
}
