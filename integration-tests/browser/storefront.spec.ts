import { readFileSync } from "node:fs"
import path from "node:path"
import type { BrowserContext, Cookie, Page } from "playwright-core"
import { appPluginOptions } from "../../dev/app-options"
import { waitFor } from "../../dev/wait"
import { fetchApi, type Api } from "../../dev/seed/api"
import { ADDRESSES, setupStore, type StoreSetup } from "../../dev/seed/store"
import {
  deliveryPromiseText,
  formatDay,
  statusText,
} from "../../packages/storefront/src/format"
import type {
  CartCheck,
  CustomerReturn,
  DeliveryPromise,
  Parcel,
} from "../../packages/storefront/src/types"
import type { ShipmentView } from "../../src/lib/views/shipment-view"
import {
  placeCustomerOrder,
  registerCustomer,
  type CustomerSession,
} from "../helpers/customer"
import { ADMIN, RESULTS_DIR, startApp, type RunningApp } from "./harness/app"
import { launchBrowser, expectText } from "./harness/browser"
import { shipmentWhere } from "./harness/seed"
import {
  preparedStorefront,
  startStorefront,
  type RunningStorefront,
} from "./harness/storefront-app"

jest.setTimeout(240_000)

const PASSWORD = "supersecret"

/**
 * The shopper's side in Chromium: docs/storefront.md's steps applied to the test storefront (the
 * parts of Medusa's dtc-starter they change, with its settings: "moduleResolution": "node", the
 * sdk's locale wrapper, the checkout's steps in the URL; the kit installed from its tarball),
 * against `medusa develop` with the plugin and the sandbox. Labels bought and scans delivered for
 * real (sandbox → webhook → plugin); what the page shows is compared with what the store routes
 * answer. Screenshots in .test-results/browser/.
 */
describe("storefront kit in a browser", () => {
  let app: RunningApp
  let shop: RunningStorefront
  let browser: Awaited<ReturnType<typeof launchBrowser>>
  let context: BrowserContext
  let page: Page
  let api: Api
  let admin: { headers: Record<string, string> }
  let store: StoreSetup
  let carol: CustomerSession
  let order: { id: string; display_id: number }
  let pickupOptionId: string
  const orderPage = () => `${shop.url}/us/account/orders/details/${order.id}`

  beforeAll(async () => {
    // The storefront's install and build beside the backend's start and seed: neither needs the other.
    const t0 = Date.now()
    const since = () => `${Math.round((Date.now() - t0) / 100) / 10} s`
    const built = preparedStorefront().then((how) =>
      process.stderr.write(`[storefront] app ready after ${since()}: ${how}\n`)
    )
    const seeded = (async () => {
      app = await startApp({
        admin: false,
        logName: "medusa-storefront.log",
        // The label of the order's option comes with the service's delivery commitment: the
        // estimate the parcel's page shows before the carrier gives one.
        env: (base) => ({
          ...base,
          SHIPPING_SERVICES_OPTIONS_PATCH: JSON.stringify({
            services: appPluginOptions(base).services!.map((s) =>
              s.id === "postal-ground"
                ? { ...s, includeDeliveryCommitment: true }
                : s
            ),
          }),
        }),
      })
      api = fetchApi(app.backend)
      const { data: login } = await api.post("/auth/user/emailpass", ADMIN)
      admin = { headers: { authorization: `Bearer ${login.token}` } }
      // One calculated option, to show a price the service quotes beside the flat ones.
      store = await setupStore(api, admin, {
        priceTypes: { "postal-priority": "calculated" },
      })
      pickupOptionId = await addPickupOption()
      await api.post(
        "/admin/return-reasons",
        { value: "too_small", label: "Too small" },
        admin
      )
      carol = await registerCustomer(api, store, "carol@example.com", PASSWORD)
      await registerCustomer(api, store, "dave@example.com", PASSWORD)
      order = await placeCustomerOrder(api, store, carol, {
        address: ADDRESSES.newYork,
        optionId: "postal-ground",
        variantId: store.products[1]!.variantId,
      })
      await shipmentWhere(
        api,
        admin,
        order.id,
        "with a label",
        (s) => s.status === "created" && !!s.label
      )
      // Two scans: on its way, not delivered (the page shows the expected day).
      app.sandbox.control.advance({ until: "next" })
      app.sandbox.control.advance({ until: "next" })
      await app.sandbox.control.settleWebhooks()
      await shipmentWhere(
        api,
        admin,
        order.id,
        "with two scans",
        (s) => s.timeline.length >= 2
      )
      process.stderr.write(`[storefront] backend seeded after ${since()}\n`)
    })()
    await Promise.all([built, seeded])
    shop = await startStorefront({
      backend: app.backend,
      publishableKey: store.publishableKey,
    })
    browser = await launchBrowser()
    context = browser.context
    // The shopper chose a language: the starter's sdk wrapper sends it with every request, the
    // kit's included (x-medusa-locale).
    await context.addCookies([
      { name: "_medusa_locale", value: "en-US", url: shop.url },
    ])
    page = context.pages()[0] ?? (await context.newPage())
    page.setDefaultTimeout(30_000)
  }, 600_000)

  afterAll(async () => {
    await browser?.close()
    await shop?.stop()
    await app?.stop()
  })

  /**
   * A pickup option of Medusa's manual provider at the store's warehouse, for US carts: the
   * starter's delivery step lists pickup apart, which the guide's version of it keeps.
   */
  async function addPickupOption(): Promise<string> {
    const { data: located } = await api.post(
      `/admin/stock-locations/${store.locationId}/fulfillment-sets?fields=id,*fulfillment_sets`,
      { name: "Shelton pickup", type: "pickup" },
      admin
    )
    const set = located.stock_location.fulfillment_sets.find(
      (s: { type: string }) => s.type === "pickup"
    )
    const { data: zoned } = await api.post(
      `/admin/fulfillment-sets/${set.id}/service-zones`,
      {
        name: "Pickup in the US",
        geo_zones: [{ type: "country", country_code: "us" }],
      },
      admin
    )
    const { data } = await api.post(
      "/admin/shipping-options",
      {
        name: "Pick up in Shelton",
        service_zone_id: zoned.fulfillment_set.service_zones[0].id,
        shipping_profile_id: store.shippingProfileId,
        provider_id: "manual_manual",
        price_type: "flat",
        type: {
          label: "Pickup",
          description: "At the warehouse",
          code: "pickup",
        },
        prices: [{ currency_code: "usd", amount: 0 }],
        rules: [
          { attribute: "enabled_in_store", value: "true", operator: "eq" },
          { attribute: "is_return", value: "false", operator: "eq" },
        ],
      },
      admin
    )
    return data.shipping_option.id
  }

  /**
   * Logs in through the storefront's own form (the starter's login slot: the JWT in an httpOnly
   * cookie), by default at the order's page, as a shopper following the return email's link: once
   * signed in, the account shows that page.
   */
  async function logIn(email: string, at = orderPage()) {
    await page.goto(at)
    await page.locator('[data-testid="login-page"]').waitFor()
    await page.fill('[data-testid="email-input"]', email)
    await page.fill('[data-testid="password-input"]', PASSWORD)
    await page.click('[data-testid="sign-in-button"]')
    await expectText(page.locator('[data-testid="signed-in-as"]'), email)
  }

  /** The label route of the storefront, as the page in the browser fetches it (its cookies). */
  const fetchInPage = (url: string) =>
    page.evaluate(async (u) => {
      const res = await fetch(u)
      return {
        status: res.status,
        type: res.headers.get("content-type"),
        size: (await res.arrayBuffer()).byteLength,
      }
    }, url)

  it("shows a logged-in customer each parcel's status, expected day, scans and carrier link", async () => {
    await logIn(carol.email)
    // The starter's order details, then the kit's part after them.
    await page.locator('[data-testid="order-details-container"]').waitFor()
    const timeline = page.locator('[data-testid="parcel-timeline"]')
    await timeline.waitFor()
    const { data } = await api.get(
      `/store/shipping-services/orders/${order.id}/tracking`,
      { headers: carol.headers }
    )
    const parcels = data.parcels as Parcel[]
    expect(parcels).toHaveLength(1)
    for (const p of parcels) {
      const card = page.locator(
        `[data-testid="parcel"][data-tracking-number="${p.tracking_number}"]`
      )
      await expectText(
        card.locator('[data-testid="parcel-status"]'),
        statusText(p.status)
      )
      expect(p.status).not.toBeNull()
      expect(p.estimated_delivery).not.toBeNull()
      await expectText(
        card.locator('[data-testid="parcel-estimate"]'),
        `Estimated delivery ${formatDay(p.estimated_delivery!.date)}`
      )
      expect(
        await card
          .locator('[data-testid="parcel-tracking-link"]')
          .getAttribute("href")
      ).toBe(p.tracking_url)
      const scans = card.locator('[data-testid="parcel-scan"]')
      expect(await scans.count()).toBe(p.timeline.length)
      expect(p.timeline.length).toBeGreaterThanOrEqual(2)
      // Newest first, in the carrier's words.
      const newest = p.timeline[p.timeline.length - 1]!
      await expectText(
        scans.first(),
        newest.description ?? statusText(newest.status)
      )
    }
    await page.screenshot({
      path: path.join(RESULTS_DIR, "storefront-order-tracking.png"),
      fullPage: true,
    })
  })

  it("lets the customer start a return and download its label, passed on with their login", async () => {
    await page.goto(orderPage())
    const form = page.locator('[data-testid="return-request-form"]')
    await form.waitFor()
    await form.locator('[data-testid="return-item"]').first().check()
    await form
      .locator('[data-testid="return-reason"]')
      .selectOption({ label: "Too small" })
    await form
      .locator(
        `[data-testid="return-option"][value="${store.shippingOptions["postal-return"]}"]`
      )
      .check()
    await form.locator('[data-testid="return-submit"]').click()
    const card = page.locator('[data-testid="return-label-card"]')
    await card.waitFor()

    const { data } = await api.get(
      `/store/shipping-services/orders/${order.id}/returns`,
      { headers: carol.headers }
    )
    const [ret] = data.returns as CustomerReturn[]
    expect(ret).toBeDefined()
    expect(await card.getAttribute("data-return-id")).toBe(ret!.id)
    const label = ret!.labels[0]!
    await expectText(card, label.tracking_number)

    // The print link is the storefront's own route, which answers the PDF in the browser.
    const print = card.locator('[data-testid="return-label-print"]')
    const href = (await print.getAttribute("href")) as string
    expect(href).toBe(`/api/returns/${order.id}/${ret!.id}/label?parcel=1`)
    expect(await fetchInPage(href)).toMatchObject({
      status: 200,
      type: "application/pdf",
    })

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      card.locator('[data-testid="return-label-download"]').click(),
    ])
    expect(download.suggestedFilename()).toBe(label.file_name)
    const saved = path.join(RESULTS_DIR, `storefront-${label.file_name}`)
    await download.saveAs(saved)
    const bytes = readFileSync(saved)
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-")
    // Byte for byte the file the backend serves its customer.
    const res = await fetch(`${app.backend}${label.url}`, {
      headers: carol.headers,
    })
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true)

    await card.scrollIntoViewIfNeeded()
    await page.screenshot({
      path: path.join(RESULTS_DIR, "storefront-return-label.png"),
      fullPage: true,
    })
    // The order page, as docs/img/storefront-order.png shows it.
    await page
      .locator('[data-testid="account-page"]')
      .screenshot({ path: path.join(RESULTS_DIR, "storefront-order.png") })
  })

  it("shows a guest and another customer nothing of it, and gives them no label", async () => {
    const { data } = await api.get(
      `/store/shipping-services/orders/${order.id}/returns`,
      { headers: carol.headers }
    )
    const labelHref = `/api/returns/${order.id}/${(data.returns as CustomerReturn[])[0]!.id}/label?parcel=1`
    const carolsCookies: Cookie[] = await context.cookies()
    try {
      // A guest: the account's login slot instead of the order, and the label route says 404.
      await context.clearCookies()
      await page.goto(orderPage())
      await page.locator('[data-testid="login-page"]').waitFor()
      expect(await fetchInPage(labelHref)).toMatchObject({ status: 404 })
      await expectNothingOfTheOrder()

      // Another customer: Medusa shows an order to whoever has its id, the plugin nothing.
      await logIn("dave@example.com", `${shop.url}/us/account`)
      await page.goto(orderPage())
      await page.locator('[data-testid="order-details-container"]').waitFor()
      await expectNothingOfTheOrder()
      expect(await fetchInPage(labelHref)).toMatchObject({ status: 404 })
      await page.screenshot({
        path: path.join(RESULTS_DIR, "storefront-other-customer.png"),
        fullPage: true,
      })
    } finally {
      await context.clearCookies()
      await context.addCookies(carolsCookies)
    }
  })

  /** The order's tracking numbers, outbound and return, as the admin sees them. */
  async function trackingNumbers(): Promise<string[]> {
    const { data } = await api.get(
      `/admin/shipping-services/orders/${order.id}/shipments`,
      admin
    )
    const numbers = (data.shipments as ShipmentView[])
      .map((s) => s.tracking_number)
      .filter((n): n is string => !!n)
    expect(numbers.length).toBeGreaterThan(0)
    return numbers
  }

  /** None of the kit's parts on the page, and no tracking number of the order in what it shows. */
  async function expectNothingOfTheOrder() {
    for (const part of [
      "parcel-timeline",
      "parcel-timeline-empty",
      "return-labels",
      "return-request-form",
    ])
      expect(await page.locator(`[data-testid="${part}"]`).count()).toBe(0)
    const shown = await page.locator("body").innerText()
    for (const n of await trackingNumbers()) expect(shown).not.toContain(n)
  }

  /** Medusa's GET /store/orders/:id answers anyone with the order id, fulfillments' `data` included, and the starter's page takes that order whole. */
  it("sends a guest and another customer no tracking number of the order, not even unseen in the page's data", async () => {
    const numbers = await trackingNumbers()
    const carolsCookies: Cookie[] = await context.cookies()
    try {
      await context.clearCookies()
      await page.goto(orderPage())
      await page.locator('[data-testid="login-page"]').waitFor()
      const asGuest = await page.content()
      await logIn("dave@example.com", `${shop.url}/us/account`)
      await page.goto(orderPage())
      await page.locator('[data-testid="order-details-container"]').waitFor()
      const asOther = await page.content()
      for (const n of numbers) {
        expect(asGuest).not.toContain(n)
        expect(asOther).not.toContain(n)
      }
    } finally {
      await context.clearCookies()
      await context.addCookies(carolsCookies)
    }
  })

  it("lets the customer cancel the return before the parcel is sent", async () => {
    await page.goto(orderPage())
    const card = page.locator('[data-testid="return-label-card"]')
    await card.waitFor()
    const returnId = (await card.getAttribute("data-return-id")) as string
    await card.locator('[data-testid="return-cancel"]').click()
    await card.locator('[data-testid="return-cancel-confirm"]').click()
    // The page is revalidated: the canceled return leaves the list.
    await waitFor(
      async () =>
        (await page.locator('[data-testid="return-label-card"]').count()) === 0,
      "the canceled return to leave the page"
    )
    const { data } = await api.get(
      `/admin/returns/${returnId}?fields=id,status`,
      admin
    )
    expect(data.return.status).toBe("canceled")
    // Its items may go back again.
    await page.locator('[data-testid="return-request-form"]').waitFor()
  })

  /** A cart as a shopper fills it, in this browser's storefront (the starter's cart cookie). */
  async function cartInBrowser(cart: {
    region: "us" | "international"
    address: Record<string, string | undefined>
  }): Promise<string> {
    const { data } = await api.post(
      "/store/carts",
      {
        region_id: store.regions[cart.region],
        sales_channel_id: store.salesChannelId,
        email: "shopper@example.com",
        items: [{ variant_id: store.products[0]!.variantId, quantity: 1 }],
        shipping_address: cart.address,
        billing_address: cart.address,
      },
      { headers: { "x-publishable-api-key": store.publishableKey } }
    )
    await context.addCookies([
      { name: "_medusa_cart_id", value: data.cart.id, url: shop.url },
    ])
    return data.cart.id
  }

  const storeHeaders = () => ({
    headers: { "x-publishable-api-key": store.publishableKey },
  })

  /** The delivery step's radio of one shipping option. */
  const deliveryOption = (optionId: string) =>
    page.locator(
      `[data-testid="delivery-option-radio"][data-option-id="${optionId}"]`
    )

  it("at checkout, shows a refusal's problems at the address step's inputs, and takes the fixed address", async () => {
    const { phone: _phone, ...noPhone } = ADDRESSES.london
    const cartId = await cartInBrowser({
      region: "international",
      address: noPhone,
    })
    const optionId = store.shippingOptions["cross-border"]!
    await page.goto(`${shop.url}/gb/checkout?step=delivery`)
    const option = deliveryOption(optionId)
    await expectText(
      option.locator('[data-testid="delivery-option-price"]'),
      "$19.00"
    )
    await option.click()

    const { data: check } = await api.post<CartCheck>(
      `/store/shipping-services/carts/${cartId}/check`,
      { option_id: optionId },
      storeHeaders()
    )
    expect(check.shippable).toBe(false)
    const phoneProblem = check.problems.find(
      (p) => p.field === "shipping_address.phone"
    )!
    expect(phoneProblem).toBeDefined()

    // In the delivery step: each problem of the check listed with its field, the option not taken,
    // Medusa's sentence not repeated; the address's problems link to the address step.
    const listed = page.locator('[data-testid="checkout-problem"]')
    await listed.first().waitFor()
    expect(await listed.count()).toBe(check.problems.length)
    expect(await option.getAttribute("aria-checked")).toBe("false")
    expect(
      await page
        .locator('[data-testid="delivery-option-error-message"]')
        .count()
    ).toBe(0)
    const edit = page.locator(
      '[data-testid="checkout-problem"][data-field="shipping_address.phone"] a'
    )
    expect(await edit.getAttribute("href")).toBe(
      `/gb/checkout?step=address&shipping_option=${optionId}`
    )
    await edit.click()

    // The address step, open: under the phone input the problem in the shopper's words, the input
    // marked and described by it; only the address's fields carry a problem under them.
    const input = page.locator('input[name="shipping_address.phone"]')
    await input.waitFor()
    const atPhone = page.locator(
      '[data-testid="field-problem"][data-field="shipping_address.phone"]'
    )
    await expectText(atPhone, phoneProblem.message)
    expect(
      await atPhone.evaluate(
        (el) =>
          !!el.previousElementSibling?.querySelector(
            '[name="shipping_address.phone"]'
          )
      )
    ).toBe(true)
    await waitFor(
      async () => (await input.getAttribute("aria-invalid")) === "true",
      "the phone input to be marked invalid"
    )
    expect(await input.getAttribute("aria-describedby")).toContain(
      "shipping-problem-shipping_address-phone"
    )
    expect(
      await page
        .locator('[data-testid="field-problem"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute("data-field")))
    ).toEqual(
      [...new Set(check.problems.map((p) => p.field))].filter((f) =>
        /^shipping_address\.|^email$/.test(f)
      )
    )
    await page.screenshot({
      path: path.join(RESULTS_DIR, "storefront-checkout-refusal.png"),
      fullPage: true,
    })

    // Fixed: the phone given and the address saved (the starter's action, on to the delivery step).
    await input.fill(ADDRESSES.london.phone!)
    await page.click('[data-testid="submit-address-button"]')
    await page.waitForURL(/\/gb\/checkout\?step=delivery$/)
    const { data: saved } = await api.get(
      `/store/carts/${cartId}?fields=*shipping_address`,
      storeHeaders()
    )
    expect(saved.cart.shipping_address.phone).toBe(ADDRESSES.london.phone)

    // The option taken now: checked, no problems, the cart's method, on to payment.
    await deliveryOption(optionId).click()
    await waitFor(
      async () =>
        (await deliveryOption(optionId).getAttribute("aria-checked")) ===
        "true",
      "the option to be chosen"
    )
    await waitFor(async () => {
      const { data } = await api.get(
        `/store/carts/${cartId}?fields=*shipping_methods`,
        storeHeaders()
      )
      return data.cart.shipping_methods?.some(
        (m: { shipping_option_id: string }) => m.shipping_option_id === optionId
      )
    }, "the cart's shipping method")
    expect(
      await page.locator('[data-testid="checkout-problems"]').count()
    ).toBe(0)
    const next = page.locator('[data-testid="submit-delivery-option-button"]')
    await waitFor(async () => next.isEnabled(), "Continue to payment")
    await next.click()
    await page.waitForURL(/step=payment$/)
    await expectText(
      page.locator('[data-testid="delivery-summary"]'),
      "International Standard"
    )
  })

  it("at checkout, shows each option's price: flat as set, calculated as the service quotes it", async () => {
    const cartId = await cartInBrowser({
      region: "us",
      address: ADDRESSES.newYork,
    })
    await page.goto(`${shop.url}/us/checkout?step=delivery`)
    const { data } = await api.get(
      `/store/shipping-options?cart_id=${cartId}`,
      storeHeaders()
    )
    const options = (
      data.shipping_options as {
        id: string
        name: string
        price_type: string
        amount: number
      }[]
    ).filter((o) => o.id !== pickupOptionId)
    expect(options.length).toBeGreaterThanOrEqual(3)
    for (const o of options) {
      let amount = o.amount
      if (o.price_type === "calculated") {
        const { data: calc } = await api.post(
          `/store/shipping-options/${o.id}/calculate`,
          { cart_id: cartId },
          storeHeaders()
        )
        amount = calc.shipping_option.amount
      }
      const row = deliveryOption(o.id)
      await expectText(row, o.name)
      await expectText(
        row.locator('[data-testid="delivery-option-price"]'),
        new Intl.NumberFormat("en-US", {
          style: "currency",
          currency: "usd",
        }).format(amount)
      )
    }
    expect(options.some((o) => o.price_type === "calculated")).toBe(true)
  })

  it("at checkout, shows each option's delivery date under its name, and nothing where the service promises none", async () => {
    const cartId = await cartInBrowser({
      region: "us",
      address: ADDRESSES.newYork,
    })
    await page.goto(`${shop.url}/us/checkout?step=delivery`)
    await page.locator('[data-testid="delivery-options-container"]').waitFor()
    const { data } = await api.get(
      `/store/shipping-services/carts/${cartId}/delivery-promises`,
      storeHeaders()
    )
    const promises = data.delivery_promises as DeliveryPromise[]
    expect(promises.length).toBeGreaterThan(0)
    expect(promises.some((p) => p.estimated_delivery)).toBe(true)
    for (const p of promises) {
      const promise = deliveryOption(p.shipping_option_id).locator(
        '[data-testid="delivery-promise"]'
      )
      const words = deliveryPromiseText(p.estimated_delivery)
      if (!words) {
        expect(await promise.count()).toBe(0)
        continue
      }
      await expectText(promise, words)
      // Under the option's name: the line above it is the name.
      expect(
        await promise.evaluate(
          (el) => el.previousElementSibling?.textContent ?? null
        )
      ).toBe(p.name)
    }
    await page.screenshot({
      path: path.join(RESULTS_DIR, "storefront-checkout-promises.png"),
      fullPage: true,
    })
  })

  it("at checkout, keeps the starter's pickup apart from the delivery options, and takes it", async () => {
    const cartId = await cartInBrowser({
      region: "us",
      address: ADDRESSES.newYork,
    })
    await page.goto(`${shop.url}/us/checkout?step=delivery`)
    await page.locator('[data-testid="delivery-options-container"]').waitFor()
    // Not among the delivery options until the shopper asks to pick up.
    expect(await deliveryOption(pickupOptionId).count()).toBe(0)
    await page.getByRole("radio", { name: "Pick up your order" }).click()
    const pickup = deliveryOption(pickupOptionId)
    await expectText(pickup, "Pick up in Shelton")
    await expectText(pickup, "27 Waterview Dr")
    await waitFor(
      async () => (await pickup.getAttribute("aria-checked")) === "true",
      "the pickup option to be chosen"
    )
    await waitFor(async () => {
      const { data } = await api.get(
        `/store/carts/${cartId}?fields=*shipping_methods`,
        storeHeaders()
      )
      return data.cart.shipping_methods?.some(
        (m: { shipping_option_id: string }) =>
          m.shipping_option_id === pickupOptionId
      )
    }, "the cart's pickup method")
  })
})
