/** An amount in the cart's currency, as the starter shows prices. */
export function convertToLocale({
  amount,
  currency_code,
  locale = "en-US",
}: {
  amount: number
  currency_code: string
  locale?: string
}): string {
  return currency_code
    ? new Intl.NumberFormat(locale, {
        style: "currency",
        currency: currency_code,
      }).format(amount)
    : amount.toString()
}
