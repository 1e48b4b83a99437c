import { deliveryPromiseText } from "../format.js"
import type { DeliveryEstimate, DeliveryPromise as Promised } from "../types.js"
import { slots, type Styling } from "./styles.js"

export type DeliveryPromiseSlot = "root" | "guaranteed"

export type DeliveryPromiseProps = Styling<DeliveryPromiseSlot> & {
  /**
   * The option's promise: `listDeliveryPromises`' entry for it (or its `estimated_delivery`).
   * Nothing is rendered without a commitment.
   */
  promise: Promised | DeliveryEstimate | null | undefined
  locale?: string
  /** The words before the date: "Arrives". */
  prefix?: string
  /** Said beside a guaranteed date; null says nothing. */
  guaranteedText?: string | null
}

const DEFAULTS: Record<DeliveryPromiseSlot, string> = {
  root: "txt-compact-small text-ui-fg-subtle",
  guaranteed: "txt-compact-small-plus text-ui-fg-base",
}

function estimateOf(
  promise: DeliveryPromiseProps["promise"]
): DeliveryEstimate | null {
  if (!promise) return null
  return "shipping_option_id" in promise ? promise.estimated_delivery : promise
}

/** The promise of one option among `listDeliveryPromises`' answer, or undefined. */
export function promiseFor(
  promises: readonly Promised[] | null | undefined,
  shippingOptionId: string
): Promised | undefined {
  return promises?.find((p) => p.shipping_option_id === shippingOptionId)
}

/** "Arrives Tue, Dec 1" (or a range) beside a shipping option; nothing where nothing is promised. */
export function DeliveryPromise(props: DeliveryPromiseProps) {
  const estimate = estimateOf(props.promise)
  const text = deliveryPromiseText(estimate, {
    locale: props.locale,
    prefix: props.prefix,
  })
  if (!text || !estimate) return null
  const cls = slots(DEFAULTS, props)
  const guaranteed =
    estimate.guaranteed && props.guaranteedText !== null
      ? (props.guaranteedText ?? "Guaranteed")
      : null
  return (
    <span
      className={cls("root")}
      data-testid="delivery-promise"
      data-earliest={estimate.earliest}
      data-latest={estimate.latest}
    >
      {text}
      {guaranteed && (
        <>
          {" · "}
          <span className={cls("guaranteed")}>{guaranteed}</span>
        </>
      )}
    </span>
  )
}
