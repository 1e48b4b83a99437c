import { execFileSync } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import path from "node:path"
import { PDFDocument } from "pdf-lib"
import type { Page } from "playwright-core"
import { appPluginOptions } from "../../dev/app-options"
import { fetchApi } from "../../dev/seed/api"
import { ADDRESSES, placeOrder, setupStore } from "../../dev/seed/store"
import { waitFor } from "../../dev/wait"
import { ADMIN, RESULTS_DIR, startApp, type RunningApp } from "./harness/app"
import { launchBrowser, logIn, expectText } from "./harness/browser"

jest.setTimeout(300_000)

/**
 * Ready to ship in Chromium against `medusa develop`: automatic fulfillment is off, so
 * three placed orders wait on the page; the admin selects them, buys their labels as one batch,
 * follows its progress and downloads one PDF, which is checked with pdf-lib: three 4x6 label
 * pages and three packing slips. The same batch is then printed again on 4-up Letter sheets and
 * rendered to PNG (pdftoppm) to show what a sheet looks like. Screenshots and files stay in
 * .test-results/browser/.
 */
describe("Ready to ship in a browser", () => {
  let app: RunningApp
  let browser: Awaited<ReturnType<typeof launchBrowser>>
  let page: Page
  let orders: { id: string; display_id: number }[]
  let batchUrl: string

  beforeAll(async () => {
    app = await startApp({
      logName: "medusa-develop-batches.log",
      env: (base) => ({
        ...base,
        SHIPPING_SERVICES_OPTIONS: JSON.stringify({
          ...appPluginOptions(base),
          autoFulfill: { enabled: false },
        }),
      }),
    })
    const api = fetchApi(app.backend)
    const { data: login } = await api.post("/auth/user/emailpass", ADMIN)
    const admin = { headers: { authorization: `Bearer ${login.token}` } }
    const store = await setupStore(api, admin)
    orders = []
    for (const [i, optionId] of [
      "postal-ground",
      "postal-priority",
      "postal-ground",
    ].entries()) {
      const items = [
        { variantId: store.products[i % 2].variantId, quantity: 1 + i },
      ]
      orders.push(
        await placeOrder(api, store, {
          region: "us",
          address: ADDRESSES.newYork,
          optionId,
          items,
          email: `shopper${i}@example.com`,
        })
      )
    }
    // Recorded as waiting by the order.placed subscriber.
    await waitFor(
      async () => {
        const { data } = await api.get(
          "/admin/shipping-services/ready-to-ship",
          admin
        )
        return orders.every((o) =>
          data.orders.some((r: { order_id: string }) => r.order_id === o.id)
        )
      },
      "the orders on Ready to ship",
      60_000,
      300
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

  it("selects three orders, buys their labels as one batch and downloads one PDF of labels and packing slips", async () => {
    await page.goto(`${app.backend}/app/ready-to-ship`)
    await page.locator('[data-testid="ready-table"]').waitFor()
    for (const o of orders) {
      const row = page.locator(
        `[data-testid="ready-row"][data-order-id="${o.id}"]`
      )
      await expectText(row, `#${o.display_id}`)
      await row.locator('[data-testid="select-order"]').click()
    }
    await expectText(
      page.locator('[data-testid="create-batch"]'),
      "Buy labels for 3 orders"
    )
    for (const o of orders) {
      await page
        .locator(
          `[data-testid="ready-row"][data-order-id="${o.id}"] [data-testid="select-order"][data-state="checked"]`
        )
        .waitFor()
    }
    await page.screenshot({
      path: path.join(RESULTS_DIR, "ready-to-ship.png"),
      fullPage: true,
    })

    await page.locator('[data-testid="create-batch"]').click()
    await page.waitForURL((url) =>
      /\/ready-to-ship\/batches\/ssbat_/.test(url.pathname)
    )
    batchUrl = page.url()
    const batchPage = page.locator('[data-testid="batch-page"]')
    await page
      .locator('[data-testid="batch-page"][data-status="done"]')
      .waitFor({ timeout: 120_000 })
    await expectText(page.locator('[data-testid="count-done"]'), "3")
    await expectText(page.locator('[data-testid="count-failed"]'), "0")
    expect(
      await page
        .locator('[data-testid="batch-item"][data-status="done"]')
        .count()
    ).toBe(3)
    await expectText(
      page.locator('[data-testid="batch-file"]').first(),
      /\.pdf: 6 pages/
    )
    await page.screenshot({
      path: path.join(RESULTS_DIR, "batch.png"),
      fullPage: true,
    })

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.locator('[data-testid="download-batch"]').click(),
    ])
    const batchId = (await batchPage.getAttribute("data-batch-id")) as string
    expect(download.suggestedFilename()).toBe(
      `${batchId.replace(/^ssbat_/, "batch-")}.pdf`
    )
    const saved = path.join(RESULTS_DIR, download.suggestedFilename())
    await download.saveAs(saved)
    const pdf = await PDFDocument.load(readFileSync(saved))
    expect(pdf.getPageCount()).toBe(6)
    // Interleaved per order: its 4x6 label, then its packing slip (one 4x6 page each).
    for (const p of pdf.getPages())
      expect(p.getSize()).toEqual({ width: 288, height: 432 })
    const text = pdf.getPages().map((p) => p.node.Contents()?.toString() ?? "")
    expect(text.length).toBe(6)

    // Bought and printed: "Labelled, not printed" is empty now.
    await page.goto(`${app.backend}/app/ready-to-ship`)
    await page.locator('[data-testid="view-labelled"]').click()
    await page.locator('[data-testid="ready-empty"]').waitFor()
  })

  it("prints the batch again on 4-up Letter sheets (rendered to PNG)", async () => {
    await page.goto(batchUrl)
    await page
      .locator('[data-testid="batch-page"][data-status="done"]')
      .waitFor()
    await page.locator('[data-testid="download-options-layout"]').click()
    await page.getByRole("option", { name: "Letter, 4 per sheet" }).click()
    await expectText(
      page.locator('[data-testid="download-batch"]'),
      "Make again and download"
    )
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.locator('[data-testid="download-batch"]').click(),
    ])
    const saved = path.join(
      RESULTS_DIR,
      `letter-4up-${download.suggestedFilename()}`
    )
    await download.saveAs(saved)
    const pdf = await PDFDocument.load(readFileSync(saved))
    expect(pdf.getPageCount()).toBe(2) // 6 cells, 4 a sheet
    expect(pdf.getPage(0).getSize()).toEqual({ width: 612, height: 792 })
    if (existsSync("/usr/bin/pdftoppm")) {
      execFileSync("/usr/bin/pdftoppm", [
        "-png",
        "-r",
        "60",
        "-f",
        "1",
        "-l",
        "1",
        saved,
        path.join(RESULTS_DIR, "batch-letter-4up"),
      ])
      expect(existsSync(path.join(RESULTS_DIR, "batch-letter-4up-1.png"))).toBe(
        true
      )
    }
  })
})
