import compareAddresses from "@lib/util/compare-addresses"
import { HttpTypes } from "@medusajs/types"

/** The customer's saved addresses to fill the form from (the starter's, as a plain select). */
export default function AddressSelect({
  addresses,
  addressInput,
  onSelect,
}: {
  addresses: HttpTypes.StoreCustomerAddress[]
  addressInput: HttpTypes.StoreCartAddress | null
  onSelect: (address: HttpTypes.StoreCartAddress | undefined) => void
}) {
  const selected = addresses.find(
    (a) => addressInput && compareAddresses(a, addressInput)
  )
  return (
    <select
      value={selected?.id ?? ""}
      onChange={(e) =>
        onSelect(
          addresses.find((a) => a.id === e.target.value) as
            HttpTypes.StoreCartAddress | undefined
        )
      }
      className="h-11 w-full rounded-rounded border px-4 text-base-regular"
      data-testid="shipping-address-select"
    >
      <option value="" disabled>
        Choose an address
      </option>
      {addresses.map((a) => (
        <option key={a.id} value={a.id}>
          {[a.address_1, a.city, a.country_code?.toUpperCase()]
            .filter(Boolean)
            .join(", ")}
        </option>
      ))}
    </select>
  )
}
