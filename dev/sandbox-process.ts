import { spawn } from "node:child_process"
import path from "node:path"
import { sandboxControl, type SandboxControl } from "./sandbox-control"

const root = path.resolve(__dirname, "..")

export type SandboxProcess = {
  /** Where the control API answers (`${url}/_sandbox/...`). */
  url: string
  /** The service's roots (the plugin's `roots.baseUrl`). */
  baseUrl: string
  control: SandboxControl
  pid: number
  stop: () => void
}

/**
 * The sandbox in its own process, as the real service is: its work (PDF labels, tracking
 * timelines, webhook deliveries) does not count against the app's JavaScript thread(s). Runs
 * the TypeScript source (through ts-node, as the sandbox's `bin/cli.js` does without a build), so a
 * stale `.medusa/server` build never stands in for the code being tested.
 */
export function startSandboxProcess(
  args: string[] = []
): Promise<SandboxProcess> {
  const child = spawn(
    process.execPath,
    [
      "-r",
      "ts-node/register",
      path.join(root, "packages/sandbox/src/cli.ts"),
      "--port",
      "0",
      "--speed",
      "0",
      ...args,
    ],
    {
      cwd: root,
      env: { ...process.env, TS_NODE_TRANSPILE_ONLY: "true", NODE_OPTIONS: "" },
      stdio: ["ignore", "pipe", "inherit"],
    }
  )
  const stop = () => child.kill("SIGKILL")
  process.on("exit", stop)
  return new Promise((resolve, reject) => {
    let out = ""
    let listening = false
    child.on("exit", (code) =>
      reject(new Error(`sandbox exited (${code}) before it listened:\n${out}`))
    )
    // Read stdout for as long as the sandbox runs (a full pipe would block it), keep only the start.
    child.stdout!.on("data", (d) => {
      if (listening) return
      out += d
      const url = out.match(/listening on (\S+)/)?.[1]
      const baseUrl = out.match(/baseUrl\s+(\S+)/)?.[1]
      if (url && baseUrl) {
        listening = true
        resolve({
          url,
          baseUrl,
          control: sandboxControl(url),
          pid: child.pid!,
          stop,
        })
      }
    })
  })
}
