import { dropDatabase } from "../../dev/database"

export default async function globalTeardown() {
  const template = process.env.BROWSER_DB_TEMPLATE
  if (template) await dropDatabase(template)
}
