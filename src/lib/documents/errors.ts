/** Names the field and the order so the batch page can say what to fix; nothing has changed. */
export class PrintInputError extends Error {
  readonly orderId?: string
  readonly field: string

  constructor(field: string, rule: string, orderId?: string) {
    super(`${orderId ? `order ${orderId}: ` : ""}${field} ${rule}`)
    this.name = "PrintInputError"
    this.field = field
    this.orderId = orderId
  }
}
