/** The admin's hooks on the plugin's routes, one file per area; imported as "lib/api". */
export { keys } from "./client"
export * from "./orders"
export * from "./settings"
export * from "./health"
export * from "./batches"
export * from "./setup"
