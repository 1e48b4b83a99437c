/**
 * The ports `fetch` refuses to connect to: the Fetch standard's "bad ports"
 * (https://fetch.spec.whatwg.org/#port-blocking), which Node's fetch (undici), Chromium and
 * Firefox all enforce. A request to one fails before any byte is sent ("fetch failed", cause
 * "bad port"), whatever listens there: the plugin could never reach a service on one, the
 * sandbox never deliver a webhook to one, a browser never open an admin or a storefront page on
 * one. Seen here: a test worker given port 10080 started fine and never answered its `/health`.
 * Checked against Node 20's fetch on 2026-11-27 (every port 1–11000 fetched: exactly these
 * answered "bad port"); the unit test checks each entry.
 */
export const FETCH_BLOCKED_PORTS: ReadonlySet<number> = new Set([
  1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79,
  87, 95, 101, 102, 103, 104, 109, 110, 111, 113, 115, 117, 119, 123, 135, 137,
  139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532,
  540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723,
  2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669,
  6679, 6697, 10080,
])

/** The blocked port an http(s) URL names (explicitly), or undefined: also for a URL that does not parse. */
export function blockedPortOf(url: string): number | undefined {
  let port: string
  try {
    port = new URL(url).port
  } catch {
    return undefined
  }
  // An empty port is the scheme's default (80, 443): never blocked.
  if (port === "") return undefined
  const n = Number(port)
  return FETCH_BLOCKED_PORTS.has(n) ? n : undefined
}
