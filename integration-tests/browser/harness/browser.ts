import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import path from "node:path"
import {
  chromium,
  type BrowserContext,
  type Locator,
  type Page,
  type Response,
} from "playwright-core"

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
 * Logs in to the admin. The first page of a fresh `medusa develop` (no node_modules/.vite yet, as
 * on CI's clean clone) makes Vite pre-bundle the dashboard while the page loads; when Vite then
 * finds more dependencies it bundles again and answers the page's imports of the first bundles
 * with 504 (Outdated Optimize Dep), and the page stays blank if it missed Vite's reload message:
 * seen in 3 of 9 cold runs here, where one 90 s wait for the form cost 94 s of the file's 150 s
 * while a reload showed it at once. So the page is reloaded as soon as one of its imports of
 * Vite's bundles gets a 504, and after every 15 s without the form, up to three minutes; what it
 * failed on before a reload goes to stderr.
 */
export async function logIn(
  page: Page,
  backend: string,
  admin: { email: string; password: string }
): Promise<void> {
  const seen: string[] = []
  let outdated = false
  const onResponse = (r: Response) => {
    if (r.status() < 400) return
    seen.push(`${r.status()} ${r.url()}`)
    if (r.status() === 504 && r.url().includes("/.vite/deps/")) outdated = true
  }
  const onPageError = (e: Error) => seen.push(`page error: ${e.message}`)
  page.on("response", onResponse)
  page.on("pageerror", onPageError)
  try {
    await page.goto(`${backend}/app/login`)
    const email = page.locator('input[name="email"]')
    const until = Date.now() + LOGIN_FORM_WAIT_MS
    let loadedAt = Date.now()
    for (;;) {
      try {
        await email.waitFor({ timeout: 1_000 })
        break
      } catch (error) {
        if (Date.now() > until) throw error
        if (!outdated && Date.now() - loadedAt < LOGIN_FORM_SLICE_MS) continue
        process.stderr.write(
          `[browser] no login form ${outdated ? "and an outdated Vite bundle" : `after ${LOGIN_FORM_SLICE_MS / 1000} s`}; reloading. The page saw: ${seen.slice(-5).join("; ") || "no failed request"}\n`
        )
        seen.length = 0
        outdated = false
        await page.reload()
        loadedAt = Date.now()
      }
    }
    await email.fill(admin.email)
    await page.fill('input[name="password"]', admin.password)
    await page.click('button[type="submit"]')
    await page.waitForURL((url) => !url.pathname.endsWith("/login"))
  } finally {
    page.off("response", onResponse)
    page.off("pageerror", onPageError)
  }
}

const LOGIN_FORM_SLICE_MS = 15_000
const LOGIN_FORM_WAIT_MS = 180_000

/** Waits until the locator's first element's text has `text` (a string or a pattern); else fails with the text it had. */
export async function expectText(
  locator: Locator,
  text: string | RegExp,
  timeoutMs = 30_000
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  let last = ""
  while (Date.now() < deadline) {
    last =
      (await locator
        .first()
        .innerText()
        .catch(() => "")) ?? ""
    if (typeof text === "string" ? last.includes(text) : text.test(last)) return
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error(`expected ${String(text)} in: ${last.slice(0, 500)}`)
}
