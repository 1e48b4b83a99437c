import {
  applyEnvVarsToProcess,
  clearInstances,
  closeWaitingroomClient,
  configLoaderOverride,
  initDb,
  medusaIntegrationTestRunner,
  startApp,
  TestDatabaseUtils,
  type MedusaSuiteOptions,
} from "@medusajs/test-utils"
import { Modules } from "@medusajs/framework/utils"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { AxiosInstance, AxiosStatic } from "axios"
import { createRequire } from "node:module"
import { databaseFromTemplate } from "../../dev/database"

/** The axios Medusa's runner gives its `api` (a dependency of @medusajs/test-utils, not ours). */
const axios = createRequire(require.resolve("@medusajs/test-utils"))(
  "axios"
) as AxiosStatic

type RunnerConfig = Parameters<typeof medusaIntegrationTestRunner>[0]

let files = 0

/**
 * Medusa's integration runner, on a database copied from the template the http group's global
 * setup migrated (HTTP_TEST_DB_TEMPLATE), and with the app booted once instead of three times.
 *
 * `medusaIntegrationTestRunner` (2.21) runs every module's migrations and the link sync on the
 * file's database, loads the app for them, clears it, loads it again (`appLoader.load`), and then
 * boots it a third time to serve HTTP (`startApp`). On a copy of a migrated database the first two
 * find nothing to do and cost ~5 s of each file's ~14 s (boot.spec alone, LOG_LEVEL=info). This
 * runner does what remains, in the same order and with Medusa's own pieces (its config override,
 * `startApp`, its database template snapshot before the first test and restore before every
 * other, its wait for running workflows after each test, its cleanup): a spec file cannot tell
 * the difference but for `getMedusaApp`, which no spec here uses and which throws.
 *
 * Without a template (a spec run by another group) or with options this runner does not handle
 * (a database name, hooks, another config file), Medusa's runner as it ships.
 */
export function httpTestRunner(config: RunnerConfig) {
  const template = process.env.HTTP_TEST_DB_TEMPLATE
  if (
    !template ||
    config.dbName ||
    config.hooks ||
    config.medusaConfigFile ||
    config.inApp
  )
    return medusaIntegrationTestRunner(config)
  const worker = process.env.JEST_WORKER_ID ?? "1"
  return bootedOnceRunner(
    config,
    template,
    `shipping-http-${worker}-${process.pid}-${++files}`
  )
}

function bootedOnceRunner(
  config: RunnerConfig,
  template: string,
  dbName: string
) {
  const cwd = config.cwd ?? process.cwd()
  const env = config.env ?? {}
  const schema = config.schema ?? "public"
  const snapshotName = `${dbName}-template`
  const dbUtils = TestDatabaseUtils.dbTestUtilFactory()
  const clientUrl = TestDatabaseUtils.getDatabaseURL(dbName)
  let container: MedusaContainer | null = null
  let api: AxiosInstance | null = null
  let shutdown = async () => undefined as void
  let restoreEnv = () => undefined as void
  let snapshotReady = false
  let skipNextRestore = false

  const options: MedusaSuiteOptions = {
    api: new Proxy({}, { get: (_, p) => api?.[p as keyof AxiosInstance] }),
    dbConnection: new Proxy(
      {},
      { get: (_, p) => dbUtils.pgConnection_?.[p as never] }
    ),
    getContainer: () => container!,
    getMedusaApp: () => {
      throw new Error(
        "getMedusaApp: this runner boots the app once, through startApp (integration-tests/helpers/runner.ts)"
      )
    },
    dbConfig: { dbName, schema, clientUrl },
    dbUtils: {
      ...dbUtils,
      snapshot: async (o) => {
        await dbUtils.snapshot({
          databaseName: dbName,
          templateName: o?.templateName ?? snapshotName,
        })
        snapshotReady = true
        skipNextRestore = true
      },
      restore: (o) =>
        dbUtils.restore({
          databaseName: dbName,
          templateName: o?.templateName ?? snapshotName,
        }),
    },
    utils: { waitWorkflowExecutions: () => waitWorkflowExecutions(container) },
  }

  async function cleanup() {
    try {
      await shutdown()
      await clearInstances()
      await (container as { dispose?: () => Promise<void> })?.dispose?.()
      if (snapshotReady) await dbUtils.dropTemplate(snapshotName)
      await dbUtils.shutdown(dbName)
      await closeWaitingroomClient()
    } finally {
      container = null
      api = null
      restoreEnv()
    }
  }

  describe("", () => {
    beforeAll(async () => {
      try {
        await databaseFromTemplate(dbName, template)
        await configLoaderOverride(cwd, { clientUrl, debug: false })
        // Medusa's test-utils before 2.19 return no way back.
        const restore: unknown = applyEnvVarsToProcess(env)
        if (typeof restore === "function") restoreEnv = restore as () => void
        dbUtils.pgConnection_ = await initDb()
        const app = await startApp({ cwd, env })
        container = app.container
        shutdown = app.shutdown
        api = axios.create({ baseURL: `http://localhost:${app.port}` })
        await waitWorkflowExecutions(container)
      } catch (error) {
        await cleanup()
        throw error
      }
    }, 120_000)

    beforeEach(async () => {
      // As Medusa's runner: the first test's database (after the suite's own beforeAll) becomes
      // the template every later test starts from.
      if (!snapshotReady) {
        await dbUtils.snapshot({
          databaseName: dbName,
          templateName: snapshotName,
        })
        snapshotReady = true
        return
      }
      if (skipNextRestore) {
        skipNextRestore = false
        return
      }
      await dbUtils.restore({
        databaseName: dbName,
        templateName: snapshotName,
      })
    })

    afterEach(() => waitWorkflowExecutions(container))

    afterAll(cleanup)

    config.testSuite(options)
  })
}

/** Medusa's runner's wait (not exported by @medusajs/test-utils): no workflow left running. */
async function waitWorkflowExecutions(container: MedusaContainer | null) {
  const engine = container?.resolve<{
    listWorkflowExecutions: (f: object) => Promise<unknown[]>
  }>(Modules.WORKFLOW_ENGINE, { allowUnregistered: true })
  if (!engine) return
  const until = Date.now() + 60_000
  while (
    (
      await engine.listWorkflowExecutions({
        state: { $nin: ["not_started", "done", "reverted", "failed"] },
      })
    ).length
  ) {
    if (Date.now() > until)
      throw new Error("Timeout waiting for workflow executions to finish")
    await new Promise((r) => setTimeout(r, 50))
  }
}
