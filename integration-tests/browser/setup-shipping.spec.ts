import path from "node:path"
import type { Page } from "playwright-core"
import { fetchApi, type Api } from "../../dev/seed/api"
import { CATALOG, WAREHOUSE_ADDRESS } from "../../dev/seed/store"
import { ADMIN, RESULTS_DIR, startApp, type RunningApp } from "./harness/app"
import { launchBrowser, logIn, expectText } from "./harness/browser"

jest.setTimeout(300_000)

/**
 * Settings → Shipping services → "Set up shipping", clicked through in Chromium against
 * `medusa develop`, on a store a merchant has just made: a U.S. region in dollars, a European
 * one in euros, a warehouse with its address, a product, and no shipping profile, link, zone or
 * option. The preview asks for the one amount the service cannot price in euros; the merchant
 * types it and applies; a second look finds nothing to create. The screenshot of the preview
 * (.test-results/browser/setup-shipping.png) is the one in docs/img/setup-shipping.png.
 */
describe("Set up shipping in a browser", () => {
  let app: RunningApp
  let browser: Awaited<ReturnType<typeof launchBrowser>>
  let page: Page
  let api: Api
  let admin: { headers: Record<string, string> }

  beforeAll(async () => {
    app = await startApp({ logName: "medusa-develop-setup.log" })
    api = fetchApi(app.backend)
    const { data: login } = await api.post("/auth/user/emailpass", ADMIN)
    admin = { headers: { authorization: `Bearer ${login.token}` } }
    for (const [name, currency_code, countries] of [
      ["United States", "usd", ["us"]],
      ["Europe", "eur", ["de", "fr", "gb"]],
    ] as const)
      await api.post(
        "/admin/regions",
        {
          name,
          currency_code,
          countries,
          payment_providers: ["pp_system_default"],
        },
        admin
      )
    await api.post(
      "/admin/stock-locations",
      { name: "Shelton warehouse", address: WAREHOUSE_ADDRESS },
      admin
    )
    const p = CATALOG[0]!
    await api.post(
      "/admin/products",
      {
        title: p.title,
        handle: p.handle,
        status: "published",
        options: [{ title: "Style", values: ["Default"] }],
        variants: [
          {
            title: "Default",
            sku: p.sku,
            manage_inventory: false,
            options: { Style: "Default" },
            prices: [{ currency_code: "usd", amount: p.price }],
            ...p.variant,
          },
        ],
      },
      admin
    )
    browser = await launchBrowser()
    page = browser.context.pages()[0] ?? (await browser.context.newPage())
    page.setDefaultTimeout(60_000)
    await logIn(page, app.backend, ADMIN)
  }, 600_000)

  afterAll(async () => {
    await browser?.close()
    await app?.stop()
  })

  const row = (service: string, lane: string) =>
    page.locator(
      `[data-testid="setup-option"][data-service="${service}"][data-lane="${lane}"]`
    )

  it("previews, asks for the amount it cannot calculate, sets up on one click, and finds nothing to do the second time", async () => {
    const started = Date.now()
    await page.goto(`${app.backend}/app/settings/shipping-services`)
    const section = page.locator('[data-testid="setup-section"]')
    await section.waitFor()
    await row("postal-ground", "domestic").waitFor()

    const status = async (service: string, lane: string) =>
      row(service, lane).getAttribute("data-status")
    for (const service of [
      "postal-ground",
      "postal-priority",
      "standard",
      "carrier-account",
      "postal-return",
    ])
      expect(await status(service, "domestic")).toBe("create")
    expect(await status("postal-priority", "cross-border")).toBe("create")
    expect(await status("cross-border", "cross-border")).toBe("not_offered")
    await expectText(
      row("cross-border", "cross-border"),
      /the region's currency \(declared in customs\) must be USD for shipments from US/,
      60_000
    )
    await expectText(
      section.locator('[data-testid="setup-notes"]'),
      /1 product\(s\) are in no shipping profile \(“Medusa T-Shirt”\)/,
      60_000
    )
    // Priced by the service in dollars, sold in euros: the merchant types the euro amount.
    const apply = page.locator('[data-testid="setup-apply"]')
    expect(await apply.isDisabled()).toBe(true)
    await expectText(
      section.locator('[data-testid="setup-summary"]'),
      /Type the flat amounts asked for above first/,
      60_000
    )
    const amount = page.locator(
      '[data-testid="setup-amount-postal-priority-cross-border-eur"]'
    )
    await amount.fill("abc")
    expect(await apply.isDisabled()).toBe(true)
    await amount.fill("14.50")
    await waitFor(async () => !(await apply.isDisabled()), "the apply button")

    // The admin scrolls inside its main pane: a page as tall as the section shows all of it.
    await page.setViewportSize({ width: 1280, height: 2000 })
    await section.scrollIntoViewIfNeeded()
    await section.screenshot({
      path: path.join(RESULTS_DIR, "setup-shipping.png"),
    })

    // What the preview offers to create (one option per configured service and lane it serves,
    // the returns' included) is what the click creates.
    const offered = await page
      .locator('[data-testid="setup-option"][data-status="create"]')
      .count()
    expect(offered).toBeGreaterThanOrEqual(6)
    await apply.click()
    await expectText(
      section.locator('[data-testid="setup-result"]'),
      `Created ${offered} shipping option(s), 2 service zone(s), 1 fulfillment set(s) and 2 link(s).`,
      60_000
    )
    const seconds = (Date.now() - started) / 1000
    console.log(`setup clicked through in ${seconds.toFixed(1)} s`)

    // The preview refreshes: everything is set up, the button has nothing to do.
    await expectText(
      section.locator('[data-testid="setup-summary"]'),
      "Everything is set up: nothing to create.",
      60_000
    )
    expect(await status("postal-priority", "cross-border")).toBe("exists")
    expect(await apply.isDisabled()).toBe(true)
    await section.screenshot({
      path: path.join(RESULTS_DIR, "setup-shipping-done.png"),
    })

    const { data } = await api.get(
      "/admin/shipping-options?fields=id,name,price_type,metadata,*prices",
      admin
    )
    const options = data.shipping_options as {
      price_type: string
      metadata: Record<string, { service: string; lane: string }>
      prices: { currency_code: string; amount: number }[]
    }[]
    expect(options).toHaveLength(offered)
    const priority = options.find(
      (o) =>
        o.metadata.shipping_services_setup?.service === "postal-priority" &&
        o.metadata.shipping_services_setup.lane === "cross-border"
    )!
    expect(priority.price_type).toBe("flat")
    expect(priority.prices).toEqual([
      expect.objectContaining({ currency_code: "eur", amount: 14.5 }),
    ])
  })
})

async function waitFor(
  probe: () => Promise<boolean>,
  what: string
): Promise<void> {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (await probe()) return
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`timed out waiting for ${what}`)
}
