import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { chromium, type BrowserContext, type Page } from "playwright-core"

/** The system Chromium (`npx playwright install` cannot download browsers here: .ci/run installs chromium). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium"

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
]

/** A headless Chromium with a fresh profile (no cookies or cache from earlier runs) that accepts downloads. */
export async function launchBrowser(): Promise<{
  context: BrowserContext
  close(): Promise<void>
}> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `No Chromium at ${CHROMIUM}: install it (apt-get install -y chromium) or set CHROMIUM_PATH`
    )
  }
  const profile = mkdtempSync(
    path.join(tmpdir(), "shipping-services-chromium-")
  )
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    acceptDownloads: true,
    viewport: { width: 1440, height: 1000 },
  })
  return {
    context,
    async close() {
      await context.close().catch(() => undefined)
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

/**
 * Logs in to the admin. The first page of a fresh `medusa develop` makes Vite pre-bundle the
 * dashboard, which on a busy 2-core machine can take longer than a page's usual wait (seen:
 * the login form not there after 60 s once in CI) or end in Vite's "optimized dependencies
 * changed" reload; so the form is given up to three minutes, with one reload half-way.
 */
export async function logIn(
  page: Page,
  backend: string,
  admin: { email: string; password: string }
): Promise<void> {
  await page.goto(`${backend}/app/login`)
  const email = page.locator('input[name="email"]')
  try {
    await email.waitFor({ timeout: 90_000 })
  } catch {
    await page.reload()
    await email.waitFor({ timeout: 90_000 })
  }
  await email.fill(admin.email)
  await page.fill('input[name="password"]', admin.password)
  await page.click('button[type="submit"]')
  await page.waitForURL((url) => !url.pathname.endsWith("/login"))
}
