/**
 * The shopper's side of medusa-plugin-shipping-services: typed calls over its store routes and the
 * words and dates shoppers read. No React here (see "./react") and nothing server-only (see
 * "./server"): safe in server components, server actions and the browser alike.
 */
export * from "./types.js"
export {
  cancelReturn,
  checkCart,
  chooseShippingOption,
  createReturn,
  fetchReturnLabel,
  listDeliveryPromises,
  listOrderReturns,
  listReturnOptions,
  listReturnReasons,
  retrieveOrderTracking,
  statusOf,
  type ChooseRefusal,
  type StoreHeaders,
  type StoreSdk,
} from "./client.js"
export { returnableItems, type ReturnableItem } from "./returnable.js"
export {
  calendarDate,
  deliveryPromiseText,
  fieldLabel,
  fieldProblemId,
  formatDay,
  problemsByField,
  returnLabelHref,
  scanTimeText,
  statusText,
} from "./format.js"
