/** Helpers shared by the benchmark scripts: the app and the sandbox in child processes (databases: dev/database.ts). */
import { spawn, type ChildProcess } from "node:child_process"
import path from "node:path"

export const root = path.resolve(__dirname, "..")

/** Runs a medusa command without blocking this process (an in-process sandbox keeps answering). */
export function medusa(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [require.resolve("@medusajs/cli/cli.js"), ...args],
      { cwd: root, env }
    )
    let output = ""
    child.stdout.on("data", (d) => (output += d))
    child.stderr.on("data", (d) => (output += d))
    child.on("exit", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`medusa ${args.join(" ")} failed:\n${output}`))
    )
  })
}

/** `medusa develop` without the admin, in its own process group (so it can be stopped whole). */
export function startApp(env: NodeJS.ProcessEnv): {
  child: ChildProcess
  stop: () => void
} {
  const child = spawn(
    process.execPath,
    [require.resolve("@medusajs/cli/cli.js"), "develop"],
    {
      cwd: root,
      env: { ...env, MEDUSA_ADMIN_DISABLE: "true" },
      detached: true,
      stdio: ["ignore", "ignore", "inherit"],
    }
  )
  const stop = () => {
    try {
      if (child.pid) process.kill(-child.pid, "SIGKILL")
    } catch {
      // gone
    }
  }
  process.on("exit", stop)
  return { child, stop }
}

export async function waitForHttp(url: string, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`${url} did not answer`)
}

export function peakRssMb(): number {
  return Math.round(process.resourceUsage().maxRSS / 1024)
}

// The sandbox in its own process lives in dev/ (the cluster harness starts it too).
export {
  startSandboxProcess,
  type SandboxProcess,
} from "../dev/sandbox-process"
