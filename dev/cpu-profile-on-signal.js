/**
 * Preloaded into a Medusa process by the cluster harness (`node -r ./dev/cpu-profile-on-signal.js`)
 * when it is started with `profile: true`: SIGUSR2 starts sampling this process's CPU, the next
 * SIGUSR2 writes what was sampled to $CPU_PROFILE_DIR/<CPU_PROFILE_NAME>-<pid>-<n>.cpuprofile (Chrome
 * DevTools, speedscope, or bench/profile-summary.ts). Unlike `--cpu-prof`, which covers a whole
 * run, boot included, this profiles exactly the window a bench cares about.
 * Plain JavaScript: it loads before ts-node is registered.
 */
const inspector = require("node:inspector")
const fs = require("node:fs")
const path = require("node:path")

const dir = process.env.CPU_PROFILE_DIR || process.cwd()
const name = process.env.CPU_PROFILE_NAME || `medusa-${process.pid}`
let session
let n = 0

function post(method, params) {
  return new Promise((resolve, reject) =>
    session.post(method, params || {}, (e, r) => (e ? reject(e) : resolve(r)))
  )
}

process.on("SIGUSR2", () => {
  if (!session) {
    session = new inspector.Session()
    session.connect()
    post("Profiler.enable")
      .then(() => post("Profiler.setSamplingInterval", { interval: 500 }))
      .then(() => post("Profiler.start"))
      .catch((e) => process.stderr.write(`cpu profile: ${e}\n`))
    return
  }
  const current = session
  session = undefined
  current.post("Profiler.stop", {}, (error, result) => {
    if (error) return process.stderr.write(`cpu profile: ${error}\n`)
    fs.mkdirSync(dir, { recursive: true })
    const file = path.join(dir, `${name}-${process.pid}-${++n}.cpuprofile`)
    // Written under a temporary name, then renamed: whoever waits for the file reads it whole.
    fs.writeFileSync(`${file}.tmp`, JSON.stringify(result.profile))
    fs.renameSync(`${file}.tmp`, file)
    current.disconnect()
  })
})
