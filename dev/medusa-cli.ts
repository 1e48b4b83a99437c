import { spawn } from "node:child_process"
import path from "node:path"

const root = path.resolve(__dirname, "..")

/**
 * Runs a `medusa` command and resolves when it exits. Asynchronous on purpose: the demo and the
 * browser tests run the sandbox in their own process, and a spawnSync would freeze it while
 * `medusa db:migrate` registers the webhook with it (every call waiting out its timeout).
 */
export function runMedusa(
  args: string[],
  env: NodeJS.ProcessEnv,
  timeoutMs = 180_000
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [require.resolve("@medusajs/cli/cli.js"), ...args],
      { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] }
    )
    let output = ""
    child.stdout.on("data", (d) => (output += d))
    child.stderr.on("data", (d) => (output += d))
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs)
    child.on("error", reject)
    child.on("exit", (code, signal) => {
      clearTimeout(timer)
      if (code === 0) resolve(output)
      else
        reject(
          new Error(
            `medusa ${args.join(" ")} failed (${signal ?? `exit ${code}`}):\n${output.slice(-3000)}`
          )
        )
    })
  })
}
