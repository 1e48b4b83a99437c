import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { databaseFromTemplate } from "../../dev/database"

type RunnerConfig = Parameters<typeof medusaIntegrationTestRunner>[0]

let files = 0

/**
 * Medusa's integration runner (`medusaIntegrationTestRunner`, unchanged), its database first
 * copied from the template the http group's global setup migrated (HTTP_TEST_DB_TEMPLATE). The
 * runner creates the database only if missing, then migrates it: on the copy, nothing is left to
 * do. Without a template (a spec run by another group), the runner as Medusa ships it.
 */
export function httpTestRunner(config: RunnerConfig) {
  const template = process.env.HTTP_TEST_DB_TEMPLATE
  if (!template || config.dbName) return medusaIntegrationTestRunner(config)
  const worker = process.env.JEST_WORKER_ID ?? "1"
  const dbName = `shipping-http-${worker}-${process.pid}-${++files}`
  // A hook of the file's top level runs before the runner's own (inside its describe).
  beforeAll(() => databaseFromTemplate(dbName, template), 120_000)
  return medusaIntegrationTestRunner({ ...config, dbName })
}
