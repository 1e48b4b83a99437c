import { HttpTypes } from "@medusajs/types"
import Input from "@modules/common/components/input"
import CountrySelect from "../country-select"

const FIELDS: [string, string][] = [
  ["first_name", "First name"],
  ["last_name", "Last name"],
  ["address_1", "Address"],
  ["company", "Company"],
  ["postal_code", "Postal code"],
  ["city", "City"],
  ["province", "State / Province"],
  ["phone", "Phone"],
]

/** The billing address when it is not the shipping address (the starter's inputs, in short). */
export default function BillingAddress({
  cart,
}: {
  cart: HttpTypes.StoreCart | null
}) {
  const address = (cart?.billing_address ?? {}) as Record<string, unknown>
  return (
    <div className="grid grid-cols-2 gap-4">
      {FIELDS.map(([field, label]) => (
        <Input
          key={field}
          label={label}
          name={`billing_address.${field}`}
          defaultValue={String(address[field] ?? "")}
        />
      ))}
      <CountrySelect
        name="billing_address.country_code"
        region={cart?.region}
        defaultValue={String(address.country_code ?? "")}
      />
    </div>
  )
}
