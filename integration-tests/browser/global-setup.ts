import path from "node:path"
import { startSandbox } from "../../packages/sandbox/src"
import { databaseFromTemplate, databaseUrl, sql } from "../../dev/database"
import { runMedusa } from "../../dev/medusa-cli"
import { appTemplate } from "../../dev/migrated-template"
import { ADMIN } from "./harness/app"
import { startPreparation } from "./harness/storefront-app"

/**
 * Runs once before the browser group: a copy of the app's migrated template given the admin
 * user, which every spec file's app copies (harness/app.ts) instead of running `medusa
 * db:migrate` and `medusa user` itself (~17 s a file here, two Medusa boots).
 *
 * `medusa user` boots the app, whose start-up reconcile registers the tracking webhook with the
 * service it is given (a sandbox of this setup's, gone afterwards): the registration row is
 * deleted once the command has exited, so that each copy's app registers with its own sandbox
 * when it starts, as a merchant's first start does.
 */
export default async function globalSetup(
  globalConfig: { testPathPattern?: string } = {}
) {
  // The storefront's install and build run meanwhile, in a process of their own, when its spec
  // file is among those to run (`npm run test:browser -- admin` does not need them).
  const storefrontSpec = path.join(__dirname, "storefront.spec.ts")
  if (new RegExp(globalConfig.testPathPattern ?? "").test(storefrontSpec))
    (
      globalThis as { endStorefrontPreparation?: () => void }
    ).endStorefrontPreparation = startPreparation()
  const sandbox = await startSandbox({ port: 0, host: "127.0.0.1", speed: 0 })
  try {
    const env = {
      ...process.env,
      NODE_ENV: "development",
      MEDUSA_DISABLE_TELEMETRY: "true",
      MEDUSA_ADMIN_DISABLE: "true",
      SHIPPING_SERVICES_BASE_URL: sandbox.roots.baseUrl,
      LOG_LEVEL: "error",
    }
    const name = `shipping-browser-template-${process.pid}`
    await databaseFromTemplate(name, await appTemplate(env))
    await runMedusa(["user", "-e", ADMIN.email, "-p", ADMIN.password], {
      ...env,
      DATABASE_URL: databaseUrl(name),
    })
    await sql(name, "delete from shipping_services_webhook_registration")
    process.env.BROWSER_DB_TEMPLATE = name
  } finally {
    await sandbox.close()
  }
}
