import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import { chromium, type BrowserContext } from "playwright-core"

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
