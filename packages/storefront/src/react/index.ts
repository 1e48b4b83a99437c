/**
 * The kit's components. Those with state ("use client" in their own files) work inside server
 * components too: Next.js sends them to the browser; the others render on the server as they are.
 */
export {
  ParcelTimeline,
  defaultParcelTitle,
  type ParcelTimelineProps,
  type ParcelTimelineSlot,
} from "./parcel-timeline.js"
export {
  ReturnLabels,
  type CancelReturnAction,
  type ReturnLabelsProps,
  type ReturnLabelsSlot,
} from "./return-labels.js"
export { returnableItems, type ReturnableItem } from "../returnable.js"
export {
  ReturnRequestForm,
  type CreateReturnAction,
  type ReturnRequestFormProps,
  type ReturnRequestFormSlot,
} from "./return-request-form.js"
export {
  CheckoutProblems,
  type CheckoutProblemsProps,
  type CheckoutProblemsSlot,
} from "./checkout-problems.js"
export {
  FieldProblem,
  type FieldProblemProps,
  type FieldProblemSlot,
} from "./field-problem.js"
export {
  DeliveryPromise,
  promiseFor,
  type DeliveryPromiseProps,
  type DeliveryPromiseSlot,
} from "./delivery-promise.js"
export { cx, type Styling } from "./styles.js"
