import { databaseUrl, freshDatabase } from "./database"
import { runMedusa } from "./medusa-cli"
import { medusaCan } from "../src/lib/medusa-release"

/**
 * A database migrated the way Medusa's test runner migrates one, for test apps to copy
 * (`databaseFromTemplate`: a file copy in well under a second, where migrating takes ~12 s):
 * every module's migrations and the safe links, no migration scripts (the plugin's would
 * register a webhook with whatever service `env` names, and each copy's app registers with its
 * own at start: src/orchestration/start-up/boot.ts).
 */
export async function migratedTemplate(
  name: string,
  env: NodeJS.ProcessEnv
): Promise<string> {
  await freshDatabase(name)
  await runMedusa(
    [
      "db:migrate",
      "--skip-scripts",
      "--execute-safe-links",
      ...(medusaCan("migrateSkipsSearch") ? ["--skip-search"] : []),
    ],
    { ...env, DATABASE_URL: databaseUrl(name) }
  )
  return name
}
