import { createHash } from "node:crypto"
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs"
import path from "node:path"

/**
 * A package of this repository packed once for what it would contain: the install tests of two
 * Node.js lines (`npm test` runs them side by side) and later runs of a checkout whose build did
 * not change share one `npm pack` (~3 CPU-s for the plugin) instead of each making its own.
 * The key hashes every file the package's "files" names and those npm always packs, so a new
 * build is packed again; a clean clone has no cache.
 */
const CACHE = path.resolve(__dirname, "..", ".test-results", "packed")
/** Files npm packs whatever "files" says, beside main and bin. */
const ALWAYS = /^(package\.json|readme|license|licence)(\..*)?$/i

/** Every file under `p` (itself when a file), as `relative\0content` parts for the key. */
function hashTree(hash: ReturnType<typeof createHash>, dir: string, p: string) {
  if (!existsSync(p)) return
  if (statSync(p).isDirectory()) {
    for (const entry of readdirSync(p).sort())
      hashTree(hash, dir, path.join(p, entry))
    return
  }
  hash.update(path.relative(dir, p)).update("\0").update(readFileSync(p))
}

/** The package's key: its package.json, README and LICENSE, and the top folder of each "files" entry. */
export function packKey(dir: string): string {
  const pkg = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"))
  const hash = createHash("sha256")
  for (const entry of readdirSync(dir).sort())
    if (ALWAYS.test(entry)) hashTree(hash, dir, path.join(dir, entry))
  // npm packs the main and bin files whatever "files" says; a glob's first segments up to its
  // first wildcard hold everything it could match.
  const bins =
    typeof pkg.bin === "string" ? [pkg.bin] : Object.values(pkg.bin ?? {})
  const named = [
    ...(pkg.files ?? ["."]),
    ...(pkg.main ? [pkg.main] : []),
    ...bins,
  ]
  const roots = (named as string[]).map((f) => {
    const parts = f.split("/")
    const wild = parts.findIndex((s) => /[*?{[]/.test(s))
    return parts.slice(0, wild < 0 ? parts.length : Math.max(1, wild)).join("/")
  })
  for (const r of [...new Set(roots)].sort())
    hashTree(hash, dir, path.join(dir, r))
  return hash.digest("hex").slice(0, 16)
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

const mtime = (p: string) => {
  try {
    return statSync(p).mtimeMs
  } catch {
    return Date.now()
  }
}

/** The pid in a lock, 0 while it has none yet (or is gone). */
function lockHolder(lock: string): number {
  try {
    return Number(readFileSync(path.join(lock, "pid"), "utf8")) || 0
  } catch {
    return 0
  }
}

/**
 * The tarball `npm pack` makes of `dir`, from the cache when its key is there; else `pack(dest)`
 * packs it into `dest`, while other processes asking for the same key wait for it.
 */
export async function packedTarball(
  dir: string,
  pack: (dest: string) => Promise<unknown>
): Promise<string> {
  const name = JSON.parse(
    readFileSync(path.join(dir, "package.json"), "utf8")
  ).name.replace(/[@/]/g, "_")
  const keyDir = path.join(CACHE, name, packKey(dir))
  const found = () =>
    existsSync(keyDir)
      ? readdirSync(keyDir).find((f) => f.endsWith(".tgz"))
      : undefined
  const lock = `${keyDir}.lock`
  mkdirSync(path.dirname(keyDir), { recursive: true })
  for (const deadline = Date.now() + 300_000; ;) {
    const tgz = found()
    if (tgz) return path.join(keyDir, tgz)
    try {
      mkdirSync(lock)
      writeFileSync(path.join(lock, "pid"), String(process.pid))
      break
    } catch {
      // Another process packs it; its lock is taken over once that process is gone.
      const holder = lockHolder(lock)
      const stale = holder ? !alive(holder) : Date.now() - mtime(lock) > 10_000
      if (stale) rmSync(lock, { recursive: true, force: true })
      if (Date.now() > deadline)
        throw new Error(`${lock} still held by pid ${holder}`)
      await new Promise((r) => setTimeout(r, 250))
    }
  }
  const building = `${keyDir}.${process.pid}`
  try {
    rmSync(building, { recursive: true, force: true })
    mkdirSync(building, { recursive: true })
    await pack(building)
    // Older builds' tarballs of this package are of no further use.
    for (const old of readdirSync(path.dirname(keyDir)))
      if (/^[0-9a-f]{16}$/.test(old))
        rmSync(path.join(path.dirname(keyDir), old), {
          recursive: true,
          force: true,
        })
    renameSync(building, keyDir)
    return path.join(keyDir, found()!)
  } finally {
    rmSync(building, { recursive: true, force: true })
    rmSync(lock, { recursive: true, force: true })
  }
}
