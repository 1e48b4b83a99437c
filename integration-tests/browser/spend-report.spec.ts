import path from "node:path"
import type { Page } from "playwright-core"
import { readFileSync } from "node:fs"
import { fetchApi } from "../../dev/seed/api"
import { ADDRESSES, placeOrder, setupStore } from "../../dev/seed/store"
import { ADMIN, RESULTS_DIR, startApp, type RunningApp } from "./harness/app"
import { launchBrowser, logIn, expectText } from "./harness/browser"
import { shipmentWhere } from "./harness/seed"

jest.setTimeout(300_000)

/**
 * The shipping spend page in Chromium against `medusa develop`: two orders placed through the
 * store API, their labels bought from the sandbox by the automatic fulfillment, then the sidebar's
 * "Shipping spend" shows their totals, the chart of the periods drawn on its canvas, the rows,
 * and exports the same rows as CSV. The screenshot is .test-results/browser/spend-report.png.
 */
describe("Shipping spend in a browser", () => {
  let app: RunningApp
  let browser: Awaited<ReturnType<typeof launchBrowser>>
  let page: Page
  let postage = 0

  beforeAll(async () => {
    app = await startApp({ logName: "medusa-develop-spend.log" })
    const api = fetchApi(app.backend)
    const { data: login } = await api.post("/auth/user/emailpass", ADMIN)
    const admin = { headers: { authorization: `Bearer ${login.token}` } }
    const store = await setupStore(api, admin)
    for (const email of ["ada@example.com", "bob@example.com"]) {
      const order = await placeOrder(api, store, {
        region: "us",
        address: ADDRESSES.newYork,
        optionId: "postal-ground",
        items: [{ variantId: store.products[0].variantId, quantity: 1 }],
        email,
      })
      const shipment = await shipmentWhere(
        api,
        admin,
        order.id,
        "with a label",
        (s) => s.status === "created"
      )
      postage += Number(
        (shipment.charges as { totalCarrierCharge: number }).totalCarrierCharge
      )
    }
    browser = await launchBrowser()
    page = browser.context.pages()[0] ?? (await browser.context.newPage())
    page.setDefaultTimeout(60_000)
    await logIn(page, app.backend, ADMIN)
  }, 600_000)

  afterAll(async () => {
    await browser?.close()
    await app?.stop()
  })

  it("shows the labels' postage beside what shoppers paid, with its chart drawn, and exports the CSV", async () => {
    await page.goto(`${app.backend}/app/shipping-spend`)
    const report = page.locator('[data-testid="shipping-spend"]')
    await expectText(report.locator('[data-testid="spend-total-Labels"]'), "2")
    const dollars = (n: number) => `$${n.toFixed(2)}`
    await expectText(
      report.locator('[data-testid="spend-total-Postage paid"]'),
      dollars(postage)
    )
    // Both shoppers paid the option's 8.00 (no tax in the seeded region).
    await expectText(
      report.locator('[data-testid="spend-total-Shoppers paid"]'),
      "$16.00"
    )
    await expectText(
      report.locator('[data-testid="spend-total-Difference"]'),
      dollars(16 - postage).replace("$-", "-$")
    )
    expect(await report.locator('[data-testid="spend-row"]').count()).toBe(1)

    // The chart: uPlot's canvas with the postage line (its colour) drawn on it.
    const canvas = report.locator('[data-testid="spend-chart"] canvas')
    await canvas.waitFor()
    const drawn = await canvas.evaluate((c: HTMLCanvasElement) => {
      const { data } = c.getContext("2d")!.getImageData(0, 0, c.width, c.height)
      let postageLine = 0
      for (let i = 0; i < data.length; i += 4)
        if (data[i] === 0xe5 && data[i + 1] === 0x48 && data[i + 2] === 0x4d)
          postageLine++
      return { width: c.width, height: c.height, postageLine }
    })
    expect(drawn.width).toBeGreaterThan(300)
    expect(drawn.height).toBeGreaterThan(200)
    expect(drawn.postageLine).toBeGreaterThan(10)
    await report.screenshot({
      path: path.join(RESULTS_DIR, "spend-report.png"),
    })

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      report.locator('[data-testid="spend-export"]').click(),
    ])
    expect(download.suggestedFilename()).toMatch(
      /^shipping-spend-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}-day\.csv$/
    )
    const saved = path.join(RESULTS_DIR, download.suggestedFilename())
    await download.saveAs(saved)
    const lines = readFileSync(saved, "utf8").trimEnd().split("\r\n")
    expect(lines).toHaveLength(2)
    expect(lines[1]).toMatch(/,UGA,usd,2,0,0,/)
    expect(lines[1]).toContain(`,${postage.toFixed(2)},`)
  })

  it("names the field and the rule of a range it refuses", async () => {
    await page.goto(`${app.backend}/app/shipping-spend`)
    const report = page.locator('[data-testid="shipping-spend"]')
    await report.locator('[data-testid="spend-from"]').fill("2999-01-01")
    await expectText(
      report.locator('[data-testid="spend-error"]'),
      /from: must be on or before to \(\d{4}-\d{2}-\d{2}\)/
    )
  })
})
