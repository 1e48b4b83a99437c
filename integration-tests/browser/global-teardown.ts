import { dropDatabase } from "../../dev/database"
import { dropAppTemplate } from "../../dev/migrated-template"

export default async function globalTeardown() {
  // Ended if still running (the storefront's spec file was not run, or failed early).
  ;(
    globalThis as { endStorefrontPreparation?: () => void }
  ).endStorefrontPreparation?.()
  const template = process.env.BROWSER_DB_TEMPLATE
  if (template) await dropDatabase(template)
  await dropAppTemplate()
}
