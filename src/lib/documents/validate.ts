import { DOCUMENT_SIZES, FILE_FORMATS } from "../../shipping-api/constants"
import { PrintInputError } from "./errors"
import { isPrintLayout, PRINT_LAYOUTS } from "./layouts"
import type { PrintOptions, PrintOrder } from "./types"

/** Throws a PrintInputError naming the option. */
export function checkPrintOptions(options: PrintOptions): void {
  if (!options || typeof options !== "object")
    throw new PrintInputError("options", "must be an object")
  if (!isPrintLayout(options.layout)) {
    throw new PrintInputError(
      "layout",
      `must be one of ${PRINT_LAYOUTS.join(", ")}; got ${JSON.stringify(options.layout)}`
    )
  }
  const include = options.include
  if (!include || typeof include !== "object")
    throw new PrintInputError("include", "must be an object")
  for (const key of ["labels", "packingSlips", "commercialInvoices"] as const) {
    if (typeof include[key] !== "boolean")
      throw new PrintInputError(`include.${key}`, "must be true or false")
  }
  if (!include.labels && !include.packingSlips && !include.commercialInvoices) {
    throw new PrintInputError(
      "include",
      "must select at least one of labels, packingSlips, commercialInvoices"
    )
  }
}

function isInt(n: unknown): n is number {
  return typeof n === "number" && Number.isInteger(n)
}

/** Only what would break a page; label files are checked when read. */
export function checkPrintOrder(
  order: PrintOrder,
  options: { labels: boolean; invoice: boolean }
): void {
  const id = typeof order?.orderId === "string" ? order.orderId : undefined
  const fail = (field: string, rule: string) =>
    new PrintInputError(field, rule, id)
  if (!order || typeof order !== "object")
    throw new PrintInputError("order", "must be an object")
  if (!id)
    throw fail("orderId", "must be the Medusa order id (a non-empty string)")
  const display = order.displayId
  if (
    !(isInt(display) && display >= 0) &&
    !(typeof display === "string" && display.trim() !== "")
  ) {
    throw fail(
      "displayId",
      "must be the order's display id (a number or a non-empty string)"
    )
  }
  if (!order.shippingAddress || typeof order.shippingAddress !== "object")
    throw fail("shippingAddress", "must be an address")
  if (!Array.isArray(order.items)) throw fail("items", "must be an array")
  order.items.forEach((item, i) => {
    if (typeof item?.title !== "string")
      throw fail(`items[${i}].title`, "must be a string")
    if (!isInt(item.quantity) || item.quantity < 0)
      throw fail(`items[${i}].quantity`, "must be a whole number of 0 or more")
  })
  if (!Array.isArray(order.labels)) throw fail("labels", "must be an array")
  if (options.labels) {
    order.labels.forEach((label, i) => {
      if (!(FILE_FORMATS as readonly string[]).includes(label?.format)) {
        throw fail(
          `labels[${i}].format`,
          `must be one of ${FILE_FORMATS.join(", ")}; got ${JSON.stringify(label?.format)}`
        )
      }
      if (
        label.size !== undefined &&
        !(DOCUMENT_SIZES as readonly string[]).includes(label.size)
      ) {
        throw fail(
          `labels[${i}].size`,
          `must be one of ${DOCUMENT_SIZES.join(", ")}; got ${JSON.stringify(label.size)}`
        )
      }
      if (!Array.isArray(label.pages) || label.pages.length === 0)
        throw fail(`labels[${i}].pages`, "must hold at least one file")
      label.pages.forEach((page, j) => {
        if (!(page instanceof Uint8Array) || page.length === 0)
          throw fail(
            `labels[${i}].pages[${j}]`,
            "must be the file's bytes (a non-empty Uint8Array)"
          )
      })
    })
  }
  const invoice = order.commercialInvoice
  if (options.invoice && invoice !== undefined) {
    const customs = invoice?.customs
    if (
      !customs?.customsInfo ||
      typeof customs.customsInfo.currencyCode !== "string"
    ) {
      throw fail(
        "commercialInvoice.customs.customsInfo.currencyCode",
        "must be the request's currency code"
      )
    }
    if (
      !Array.isArray(customs.customsItems) ||
      customs.customsItems.length === 0
    ) {
      throw fail(
        "commercialInvoice.customs.customsItems",
        "must hold the request's customs items (at least one)"
      )
    }
    customs.customsItems.forEach((item, i) => {
      const field = `commercialInvoice.customs.customsItems[${i}]`
      if (!isInt(item?.quantity) || item.quantity < 1)
        throw fail(`${field}.quantity`, "must be a whole number of 1 or more")
      if (
        typeof item.unitPrice !== "number" ||
        !Number.isFinite(item.unitPrice) ||
        item.unitPrice < 0
      ) {
        throw fail(`${field}.unitPrice`, "must be a number of 0 or more")
      }
      if (typeof item.description !== "string")
        throw fail(`${field}.description`, "must be a string")
    })
    if (!invoice.sender || !invoice.recipient)
      throw fail("commercialInvoice.sender", "and recipient must be addresses")
  }
}
