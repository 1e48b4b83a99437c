// The package's `./workflows` export: workflows an app may run or hook into.
export { storeShipmentLabelWorkflow } from "./store-shipment-label"
