/**
 * Medusa's production topology on this machine, for tests, benches and the demo: `server`
 * processes (HTTP) and `worker` processes (subscribers, scheduled jobs, workflows) of the
 * development app in the repository root, sharing PostgreSQL and Redis (docs/production.md),
 * with the sandbox as the shipping service in a process of its own.
 *
 *   const cluster = await prepareCluster({ name: "cluster-test" })   // sandbox, DB, migration, Redis
 *   await cluster.startAll(["server", "worker", "worker"])            // until every /health answers
 *   await fetch(`${cluster.url}/store/...`)                           // the first server
 *   await cluster.workers[0].kill(); await cluster.workers[0].restart()
 *   await cluster.stop()                                              // processes, sandbox, DB, Redis keys
 *
 * Every Medusa process runs with the admin off (MEDUSA_ADMIN_DISABLE); give a server
 * `{ env: { MEDUSA_ADMIN_DISABLE: "false" } }` to serve it (NODE_ENV=development: through Vite,
 * as `medusa develop` does).
 *
 * Each run has a database and a Redis key prefix of its own (named after `name` and this
 * process), so runs side by side do not share queues, locks or jobs. Medusa processes are
 * `node <@medusajs/cli>/cli.js start` in the repository root with NODE_ENV=development — what
 * `medusa develop` forks, without its file watcher — and MEDUSA_WORKER_MODE, DEV_REDIS_URL and
 * DEV_REDIS_PREFIX, which medusa-config.ts turns into the Redis modules. Logs go to one file per
 * process under `logDir`.
 *
 * The migration registers the tracking webhook with the sandbox for the first server's URL (the
 * store's public URL): the sandbox's deliveries reach that server.
 */
import { spawn, type ChildProcess } from "node:child_process"
import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  rmSync,
} from "node:fs"
import path from "node:path"
import { clusterTemplate, sameAdmin, TEMPLATE_ADMIN } from "./cluster-template"
import { copyDatabaseAcross } from "./database-copy"
import { procCpuMs, reportCpu, type Incarnation } from "./cluster-cpu"
import {
  databaseFromTemplate,
  databaseUrl,
  dropDatabase,
  freshDatabase,
  pgConfig,
  sql,
  type PgConfig,
} from "./database"
import { runMedusa } from "./medusa-cli"
import { freePort } from "./net"
import { Queue } from "bullmq"
import { deleteKeys, ensureRedis, redisClient } from "./redis"
import { startSandboxProcess, type SandboxProcess } from "./sandbox-process"
import { errorText, waitFor } from "./wait"

const root = path.resolve(__dirname, "..")
const CLI = require.resolve("@medusajs/cli/cli.js")
const PROFILE_PRELOAD = path.join(__dirname, "cpu-profile-on-signal.js")
const SQL_COUNTER_PRELOAD = path.join(__dirname, "sql-counter.js")

export type WorkerMode = "server" | "worker" | "shared"

/**
 * The tests' Medusa processes idle while another works, and V8's memory reducer then runs full
 * collections of their heaps to shrink them; a larger young generation collects a checkout's
 * garbage less often. Measured side by side, two servers placing the same orders: 13 % less CPU.
 * Not for the benches, which measure memory.
 */
export const LEAN_GC = ["--no-memory-reducer", "--max-semi-space-size=32"]

/** What dev/sql-counter.js counts. */
export type SqlCounts = {
  statements: number
  begin: number
  commit: number
  rollback: number
  savepoint: number
  probe: number
  byKind: Record<string, number>
}

export type ClusterOptions = {
  /** Names the database (`medusa_ss_<name>_<pid>`), the Redis prefix and the log folder. */
  name: string
  /** Extra environment of every Medusa process and of the migration (plugin options, LOG_LEVEL, …). */
  env?: NodeJS.ProcessEnv
  /** Default `.test-results/cluster/<name>`; emptied first. */
  logDir?: string
  /** An admin user created after the migration (log in through the server's /auth/user/emailpass). */
  admin?: { email: string; password: string }
  /** Extra arguments of the sandbox process (`bin/cli.js sandbox --help`). */
  sandboxArgs?: string[]
  /** A sandbox already running (the demo's, in its own process) instead of a new process. */
  sandbox?: ClusterSandbox
  /** Database name (default `medusa_ss_<name>_<pid>`). */
  dbName?: string
  /** Port of the first server, the store's public URL (default: a free one). */
  publicPort?: number
  /** Keep the database at stop() (to look at it afterwards); the Redis keys always go. */
  keepDatabase?: boolean
  /** Another PostgreSQL server (a test's own: dev/private-postgres.ts); default the machine's. */
  pg?: PgConfig
  /** Another Redis (a test's own: dev/private-redis.ts); default scripts/ensure-redis.sh's. */
  redisUrl?: string
  /** Node.js options of every Medusa process (the tests give LEAN_GC). */
  nodeArgs?: string[]
  /**
   * Copy the database from a migrated template with TEMPLATE_ADMIN (dev/cluster-template.ts),
   * made on this server at first use, instead of `medusa db:migrate` and `medusa user` (two
   * Medusa boots, ~10 CPU-s). Its copy has no migration script run: the first server's start-up
   * reconcile registers the tracking webhook. With `pg` (another server) the template is dumped
   * from the machine's into it (~1 s).
   */
  template?: boolean
}

/** What the harness needs of a sandbox: its roots, its control API, and how to stop it. */
export type ClusterSandbox = Pick<
  SandboxProcess,
  "url" | "baseUrl" | "control" | "stop"
>

export type StartOptions = {
  /** Default `<mode>-<n>`. */
  name?: string
  /** Environment of this process only, over the cluster's. */
  env?: NodeJS.ProcessEnv
  /** Preload dev/cpu-profile-on-signal.js: `profileStart()`/`profileStop()` sample this process. */
  profile?: boolean
  /** Preload dev/sql-counter.js: `sqlCounts()` reads the statements this process sent. */
  countSql?: boolean
  /** How long to wait for /health (default 180 s). */
  timeoutMs?: number
}

export type MedusaProcess = {
  readonly name: string
  readonly mode: WorkerMode
  readonly port: number
  readonly url: string
  /** The current OS process (changes at restart). */
  readonly pid: number
  readonly running: boolean
  readonly logFile: string
  /** Everything this process (and its earlier incarnations) printed. */
  log(): string
  /** User + system CPU of the current OS process so far, in ms (Linux /proc). */
  cpuMs(): number
  /** Resident memory of the current OS process now, in MB (Linux /proc). */
  rssMb(): number
  /** With `countSql: true`: the SQL statements the current OS process sent so far (dev/sql-counter.js). */
  sqlCounts(): SqlCounts
  /** SIGTERM (Medusa's graceful shutdown); SIGKILL after `timeoutMs`. Resolves when it exited. */
  stop(timeoutMs?: number): Promise<void>
  /** SIGKILL now, as a crash would. Resolves when it exited. */
  kill(): Promise<void>
  /** Its OS processes so far, the CPU each used (the current one up to now). */
  incarnations(): Incarnation[]
  /** Starts it again (same name, mode, port and environment) and waits for /health. */
  restart(): Promise<void>
  /** With `profile: true`: starts sampling the CPU of this process. */
  profileStart(): void
  /** Stops sampling and resolves with the .cpuprofile file written. */
  profileStop(): Promise<string>
}

export type Cluster = {
  name: string
  db: { name: string; url: string }
  redis: { url: string; prefix: string }
  sandbox: ClusterSandbox
  /** The first server's URL: the store's public URL (webhooks, API). */
  url: string
  logDir: string
  /** The environment every Medusa process starts from. */
  env: NodeJS.ProcessEnv
  processes: MedusaProcess[]
  readonly servers: MedusaProcess[]
  readonly workers: MedusaProcess[]
  /** Starts one process and waits for its /health. The first `server` (or `shared`) gets `url`'s port. */
  start(mode: WorkerMode, options?: StartOptions): Promise<MedusaProcess>
  /** Starts several at once (as a deployment does) and waits for all of them. */
  startAll(
    modes: WorkerMode[],
    options?: Omit<StartOptions, "name">
  ): Promise<MedusaProcess[]>
  /**
   * Puts events on the cluster's event bus the way Medusa's emit does (event-bus-redis: one
   * BullMQ job per event in "events-queue"), without a Medusa process: a burst, or an event
   * delivered a second time. Default options as Medusa's (one attempt).
   */
  emit(
    events: { name: string; data: unknown }[],
    options?: Record<string, unknown>
  ): Promise<void>
  /** Removes the events still waiting on the bus (taken by no worker yet). */
  drainEvents(): Promise<void>
  /**
   * The scheduled jobs as Redis holds them (the workflow engine's repeatable jobs): each job's
   * id and when its next run is due.
   */
  scheduledJobs(): Promise<{ id: string; pattern?: string; next?: number }[]>
  /**
   * Removes a job's queued next tick and keeps its schedule, as a worker starting during one of
   * its ticks can leave it; false when no tick was queued at that moment.
   */
  dropNextTick(workflowId: string): Promise<boolean>
  /** Workers take no more events until resumeEvents() (events emitted meanwhile wait on the bus). */
  pauseEvents(): Promise<void>
  resumeEvents(): Promise<void>
  /** A query on the cluster's database. */
  sql<T = any>(text: string, values?: unknown[]): Promise<T[]>
  /** Stops every process (gracefully, then SIGKILL), the sandbox; drops the database (unless `keepDatabase`) and the Redis keys. */
  stop(): Promise<void>
}

/** Sandbox, fresh database migrated (webhook registered), Redis reachable; no Medusa process yet. */
export async function prepareCluster(
  options: ClusterOptions
): Promise<Cluster> {
  const tag = `${options.name.replace(/[^a-z0-9]+/gi, "_").toLowerCase()}_${process.pid}`
  const logDir =
    options.logDir ?? path.join(root, ".test-results", "cluster", options.name)
  rmSync(logDir, { recursive: true, force: true })
  mkdirSync(logDir, { recursive: true })

  const redisUrl = options.redisUrl ?? ensureRedis()
  const pg = options.pg ?? pgConfig()
  const prefix = `mss_${tag}`
  const dbName = options.dbName ?? `medusa_ss_${tag}`
  const publicPort = options.publicPort ?? (await freePort())
  const url = `http://localhost:${publicPort}`
  const sandbox: ClusterSandbox =
    options.sandbox ?? (await startSandboxProcess(options.sandboxArgs))
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // Jest's --experimental-vm-modules and the like are not for the app.
    NODE_OPTIONS: "",
    NODE_ENV: "development",
    DATABASE_URL: databaseUrl(dbName, pg),
    DEV_REDIS_URL: redisUrl,
    DEV_REDIS_PREFIX: prefix,
    MEDUSA_ADMIN_DISABLE: "true",
    MEDUSA_DISABLE_TELEMETRY: "true",
    LOG_LEVEL: "info",
    SHIPPING_SERVICES_BASE_URL: sandbox.baseUrl,
    SHIPPING_SERVICES_PUBLIC_URL: url,
    ...options.env,
  }
  const processes: MedusaProcess[] = []
  let stopped = false
  const emergencyStop = () => {
    processes.forEach((p) => p.running && killGroup(p.pid, "SIGKILL"))
    if (!options.sandbox) sandbox.stop()
  }
  process.on("exit", emergencyStop)
  // Killed rather than exiting (Ctrl+C, a timeout): the Medusa processes live in process groups
  // of their own and would outlive this one. A host with handlers of its own keeps them.
  const onSignal = (signal: NodeJS.Signals) => {
    emergencyStop()
    process.exit(signal === "SIGINT" ? 130 : 143)
  }
  const signals = (["SIGINT", "SIGTERM"] as const).filter(
    (s) => process.listenerCount(s) === 0
  )
  signals.forEach((s) => process.once(s, onSignal))

  try {
    const copied = !!options.template
    if (copied && !options.pg) {
      await databaseFromTemplate(dbName, await clusterTemplate(env), pg)
    } else if (copied) {
      // The template lives on the tests' server: dumped into this other one.
      const template = await clusterTemplate(env)
      await copyDatabaseAcross(template, pgConfig(), dbName, pg)
    } else {
      await freshDatabase(dbName, pg)
      await runMedusa(["db:migrate"], { ...env, PORT: String(publicPort) })
    }
    const admin = options.admin
    if (admin && !(copied && sameAdmin(admin, TEMPLATE_ADMIN)))
      await runMedusa(["user", "-e", admin.email, "-p", admin.password], env)
  } catch (error) {
    sandbox.stop()
    throw error
  }

  const counters: Record<string, number> = {}
  const cluster: Cluster = {
    name: options.name,
    db: { name: dbName, url: env.DATABASE_URL! },
    redis: { url: redisUrl, prefix },
    sandbox,
    url,
    logDir,
    env,
    processes,
    get servers() {
      return processes.filter((p) => p.mode !== "worker")
    },
    get workers() {
      return processes.filter((p) => p.mode !== "server")
    },
    async start(mode, startOptions = {}) {
      counters[mode] = (counters[mode] ?? 0) + 1
      const name = startOptions.name ?? `${mode}-${counters[mode]}`
      const public_ =
        mode !== "worker" && !processes.some((p) => p.port === publicPort)
      const port = public_ ? publicPort : await freePort()
      const p = medusaProcess({
        name,
        mode,
        port,
        env: { ...env, ...startOptions.env },
        logDir,
        profile: !!startOptions.profile,
        countSql: !!startOptions.countSql,
        nodeArgs: options.nodeArgs ?? [],
      })
      processes.push(p)
      await p.restart(startOptions.timeoutMs)
      return p
    },
    startAll(modes, startOptions = {}) {
      return Promise.all(modes.map((mode) => cluster.start(mode, startOptions)))
    },
    async emit(events, emitOptions = {}) {
      await withEventQueue(redisUrl, prefix, (queue) =>
        queue.addBulk(
          events.map((e) => ({
            name: e.name,
            data: { data: e.data, metadata: { created_at: new Date() } },
            opts: {
              removeOnComplete: true,
              attempts: 1,
              priority: EVENT_PRIORITY_DEFAULT,
              ...emitOptions,
            },
          }))
        )
      )
    },
    async drainEvents() {
      await withEventQueue(redisUrl, prefix, (queue) => queue.drain(true))
    },
    async scheduledJobs() {
      const connection = redisClient(redisUrl)
      const queue = new Queue(JOB_QUEUE, {
        prefix: `${prefix}:bull`,
        connection,
      })
      try {
        const jobs = await queue.getRepeatableJobs()
        return jobs.map((j) => ({
          // Medusa's key: `schedule_<job name>` (workflow-engine-redis 2.21).
          id: String(j.id ?? j.key).replace(/^schedule_/, ""),
          pattern: j.pattern ?? undefined,
          next: j.next ?? undefined,
        }))
      } finally {
        await queue.close()
        connection.disconnect()
      }
    },
    async dropNextTick(workflowId) {
      const connection = redisClient(redisUrl)
      const queue = new Queue(JOB_QUEUE, {
        prefix: `${prefix}:bull`,
        connection,
      })
      try {
        const next = (await queue.getDelayed()).filter((j) =>
          j.id?.startsWith(`repeat:schedule_${workflowId}:`)
        )
        for (const job of next) await job.remove()
        return next.length > 0
      } finally {
        await queue.close()
        connection.disconnect()
      }
    },
    async pauseEvents() {
      await withEventQueue(redisUrl, prefix, (queue) => queue.pause())
    },
    async resumeEvents() {
      await withEventQueue(redisUrl, prefix, (queue) => queue.resume())
    },
    sql: (text, values) => sql(dbName, text, values, pg),
    async stop() {
      if (stopped) return
      stopped = true
      const sandboxCpuMs =
        "pid" in sandbox ? procCpuMs(sandbox.pid as number) : undefined
      await Promise.all(processes.map((p) => p.stop()))
      reportCpu(logDir, processes, sandboxCpuMs)
      sandbox.stop()
      process.off("exit", emergencyStop)
      signals.forEach((s) => process.off(s, onSignal))
      if (!options.keepDatabase)
        await dropDatabase(dbName, pg).catch(() => undefined)
      await deleteKeys(redisUrl, prefix).catch(() => undefined)
    },
  }
  return cluster
}

// What medusa-config.ts gives event-bus-redis with DEV_REDIS_PREFIX (queueOptions.prefix), and the
// queue name and default priority of @medusajs/event-bus-redis 2.21.
const EVENT_QUEUE = "events-queue"
const EVENT_PRIORITY_DEFAULT = 100
// The queue of scheduled jobs of @medusajs/workflow-engine-redis 2.21 (its default name).
const JOB_QUEUE = "medusa-workflows-jobs"

async function withEventQueue<T>(
  redisUrl: string,
  prefix: string,
  work: (queue: Queue) => Promise<T>
): Promise<T> {
  const connection = redisClient(redisUrl)
  const queue = new Queue(EVENT_QUEUE, { prefix: `${prefix}:bull`, connection })
  try {
    return await work(queue)
  } finally {
    await queue.close()
    connection.disconnect()
  }
}

function killGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal)
  } catch {
    // already gone
  }
}

function medusaProcess(spec: {
  name: string
  mode: WorkerMode
  port: number
  env: NodeJS.ProcessEnv
  logDir: string
  profile: boolean
  countSql: boolean
  nodeArgs: string[]
}): MedusaProcess & { restart(timeoutMs?: number): Promise<void> } {
  const logFile = path.join(spec.logDir, `${spec.name}.log`)
  const url = `http://localhost:${spec.port}`
  const profileDir = path.join(spec.logDir, "profiles")
  const sqlCountFile = path.join(spec.logDir, `${spec.name}.sql-counts.json`)
  let child: ChildProcess | undefined
  let exited: Promise<void> = Promise.resolve()
  let running = false
  // Each OS process's CPU, read from /proc every second while it runs (a process that kills
  // itself leaves nothing to read at its exit).
  const lives: (Incarnation & { startedAt: number; cpuMs: number })[] = []
  let sampler: NodeJS.Timeout | undefined
  const sample = () => {
    const life = lives[lives.length - 1]
    if (life && running && child?.pid) {
      life.cpuMs = procCpuMs(child.pid) ?? life.cpuMs
      life.lifeS = (Date.now() - life.startedAt) / 1000
    }
  }

  const spawnIt = () => {
    const fd = openSync(logFile, "a")
    const execArgv = [
      ...(spec.profile ? ["-r", PROFILE_PRELOAD] : []),
      ...(spec.countSql ? ["-r", SQL_COUNTER_PRELOAD] : []),
      ...spec.nodeArgs,
    ]
    // Its own process group: nothing it starts outlives a stop (tooling-pitfalls 10).
    child = spawn(process.execPath, [...execArgv, CLI, "start"], {
      cwd: root,
      env: {
        ...spec.env,
        PORT: String(spec.port),
        MEDUSA_WORKER_MODE: spec.mode,
        CPU_PROFILE_DIR: profileDir,
        CPU_PROFILE_NAME: spec.name,
        ...(spec.countSql ? { SQL_COUNT_FILE: sqlCountFile } : {}),
      },
      detached: true,
      stdio: ["ignore", fd, fd],
    })
    closeSync(fd)
    running = true
    lives.push({
      name: spec.name,
      mode: spec.mode,
      bootCpuS: 0,
      bootS: 0,
      cpuS: 0,
      lifeS: 0,
      startedAt: Date.now(),
      cpuMs: 0,
    })
    sampler = setInterval(sample, 1_000).unref()
    exited = new Promise<void>((resolve) =>
      child!.once("exit", () => {
        clearInterval(sampler)
        running = false
        resolve()
      })
    )
  }

  const p = {
    name: spec.name,
    mode: spec.mode,
    port: spec.port,
    url,
    logFile,
    get pid() {
      return child?.pid ?? 0
    },
    get running() {
      return running
    },
    log: () => {
      try {
        return readFileSync(logFile, "utf8")
      } catch {
        return ""
      }
    },
    cpuMs: () => {
      if (!running || !child?.pid) return 0
      return procCpuMs(child.pid) ?? 0
    },
    incarnations: () => {
      sample()
      return lives.map(({ startedAt: _, cpuMs, ...life }) => ({
        ...life,
        cpuS: cpuMs / 1000,
      }))
    },
    rssMb: () => {
      if (!running || !child?.pid) return 0
      const status = readFileSync(`/proc/${child.pid}/status`, "utf8")
      return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024
    },
    sqlCounts: (): SqlCounts => {
      if (!spec.countSql)
        throw new Error(`${spec.name} was not started with countSql: true`)
      return JSON.parse(readFileSync(sqlCountFile, "utf8"))
    },
    async stop(timeoutMs = 15_000) {
      if (!running || !child?.pid) return
      sample()
      killGroup(child.pid, "SIGTERM")
      const timer = setTimeout(
        () => child?.pid && killGroup(child.pid, "SIGKILL"),
        timeoutMs
      )
      await exited
      clearTimeout(timer)
    },
    async kill() {
      if (!running || !child?.pid) return
      sample()
      killGroup(child.pid, "SIGKILL")
      await exited
    },
    async restart(timeoutMs = 180_000) {
      if (running) await p.stop()
      spawnIt()
      const deadline = Date.now() + timeoutMs
      // What the last /health request got: said when the process never answers, so that a
      // refusal by fetch itself (its "bad port") is not taken for a process that hangs.
      let last = "no answer yet"
      for (;;) {
        if (!running)
          throw new Error(
            `${spec.name} (${spec.mode}) exited during start; its log (${logFile}) ends with:\n${p.log().slice(-3000)}`
          )
        const ok = await fetch(`${url}/health`).then(
          (r) => {
            last = `HTTP ${r.status}`
            return r.ok
          },
          (e) => {
            last = errorText(e)
            return false
          }
        )
        if (ok) {
          const life = lives[lives.length - 1]!
          sample()
          life.bootCpuS = life.cpuMs / 1000
          life.bootS = life.lifeS
          return
        }
        if (Date.now() > deadline) {
          await p.kill()
          throw new Error(
            `${spec.name} (${spec.mode}) did not answer /health on ${url} within ${timeoutMs} ms (last: ${last}); its log: ${logFile}`
          )
        }
        await new Promise((r) => setTimeout(r, 250))
      }
    },
    profileStart() {
      if (!spec.profile)
        throw new Error(`${spec.name} was not started with profile: true`)
      if (child?.pid) process.kill(child.pid, "SIGUSR2")
    },
    async profileStop() {
      if (!spec.profile)
        throw new Error(`${spec.name} was not started with profile: true`)
      const before = new Set(listProfiles(profileDir))
      if (child?.pid) process.kill(child.pid, "SIGUSR2")
      return waitFor(
        async () =>
          listProfiles(profileDir).find(
            (f) => !before.has(f) && f.startsWith(`${spec.name}-${child?.pid}-`)
          ),
        `the CPU profile of ${spec.name}`,
        60_000,
        100
      ).then((f) => path.join(profileDir, f))
    },
  }
  return p
}

function listProfiles(dir: string): string[] {
  try {
    return readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"))
  } catch {
    return []
  }
}
