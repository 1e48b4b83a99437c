import { spawn } from "node:child_process"
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { alive, sweep } from "../test-postgres"

/** A pid whose process has ended and been reaped. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""])
  await new Promise((resolve) => child.on("exit", resolve))
  return child.pid!
}

describe("the tests' own PostgreSQL: folders left behind", () => {
  let parent: string
  beforeEach(() => {
    parent = mkdtempSync(path.join(tmpdir(), "test-pg-sweep-"))
  })
  afterEach(() => rmSync(parent, { recursive: true, force: true }))

  const folder = (name: string, owner?: number) => {
    const dir = path.join(parent, name)
    mkdirSync(dir)
    if (owner !== undefined)
      writeFileSync(path.join(dir, "owner"), `${owner}\n`)
    return dir
  }

  it("removes the ones whose owner is gone or unknown for a minute, keeps the live owner's, a starting one and other folders", async () => {
    const gone = folder("mss-test-pg-gone", await deadPid())
    const unknown = folder("mss-test-pg-unknown")
    const starting = folder("mss-test-pg-starting")
    const live = folder("mss-test-pg-live", process.pid)
    const other = folder("mss-pg-platform-faults", await deadPid())
    const minuteAgo = new Date(Date.now() - 61_000)
    utimesSync(unknown, minuteAgo, minuteAgo)
    sweep(parent)
    expect(existsSync(gone)).toBe(false)
    expect(existsSync(unknown)).toBe(false)
    // Made this moment by another run, its owner not written yet: still starting.
    expect(existsSync(starting)).toBe(true)
    expect(existsSync(live)).toBe(true)
    expect(existsSync(other)).toBe(true)
  })

  it("tells a running process from an ended one", async () => {
    expect(alive(process.pid)).toBe(true)
    expect(alive(await deadPid())).toBe(false)
  })
})
