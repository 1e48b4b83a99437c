import { model } from "@medusajs/framework/utils"

/** Small plugin state that is not options (for example the sender contact last saved). */
export const Setting = model.define(
  { name: "setting", tableName: "shipping_services_setting" },
  {
    id: model.id({ prefix: "ssset" }).primaryKey(),
    key: model.text().unique(),
    value: model.json(),
  }
)
