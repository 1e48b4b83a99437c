import { parsePluginOptions, type PluginOptions } from "../../../../options"
import { appPluginOptions } from "../../../../../dev/app-options"
import type { ServiceAddress } from "../address"
import type { OrderLike, ShippedLine } from "../types"

export const options: PluginOptions = parsePluginOptions({
  ...appPluginOptions({}),
  customs: {
    productUrlTemplate: "https://shop.example.com/products/{handle}",
    manufacturer: "Demo Manufacturing",
  },
})

export const origin: ServiceAddress = {
  company: "Demo Store",
  name: "Shipping Desk",
  phone: "2125550100",
  email: "shipping@example.com",
  addressLines: ["27 Waterview Dr"],
  cityTown: "Shelton",
  stateProvince: "CT",
  postalCode: "06484",
  countryCode: "US",
}

export const tshirt = {
  id: "ordli_1",
  title: "Medusa T-Shirt",
  product_title: "Medusa T-Shirt",
  variant_title: "L / Black",
  product_handle: "t-shirt",
  variant_sku: "SHIRT-L-BLACK",
  variant_id: "variant_01",
  unit_price: 25,
  quantity: 2,
  variant: {
    id: "variant_01",
    weight: 200,
    length: 30,
    width: 25,
    height: 3,
    hs_code: "6109.10.0012",
    origin_country: "pt",
    product: { id: "prod_1", hs_code: "6109100012", origin_country: "pt" },
  },
}

export const mug = {
  id: "ordli_2",
  title: "Mug",
  product_title: "Mug",
  variant_title: "Default",
  product_handle: "mug",
  variant_sku: null,
  variant_id: "variant_02",
  unit_price: 12.5,
  quantity: 1,
  variant: {
    id: "variant_02",
    weight: null,
    product: {
      id: "prod_2",
      weight: 400,
      hs_code: "691200",
      origin_country: "cn",
    },
  },
}

export function order(
  address: Partial<NonNullable<OrderLike["shipping_address"]>>,
  extra: Partial<OrderLike> = {}
): OrderLike {
  return {
    id: "order_1",
    display_id: 1042,
    currency_code: "usd",
    email: "ada@example.com",
    shipping_address: {
      first_name: "Ada",
      last_name: "Lovelace",
      phone: "2125550199",
      address_1: "1 Main St",
      city: "New York",
      province: "us-ny",
      postal_code: "10001",
      country_code: "us",
      ...address,
    },
    items: [tshirt, mug],
    ...extra,
  }
}

export const shipped = (o: OrderLike): ShippedLine[] =>
  (o.items ?? []).map((line) => ({ line, quantity: Number(line.quantity) }))
