/**
 * A batch input the documents cannot be made from. `field` names the value (e.g.
 * `labels[1].pages[0]`) and `orderId` the Medusa order, so the batch page can say which order
 * to fix; the builder has changed nothing when it throws this.
 */
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
