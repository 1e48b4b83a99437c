import { HttpTypes } from "@medusajs/types"
import { forwardRef, type SelectHTMLAttributes } from "react"

/** The region's countries (the starter's select, its `region` prop). */
const CountrySelect = forwardRef<
  HTMLSelectElement,
  SelectHTMLAttributes<HTMLSelectElement> & {
    region?: HttpTypes.StoreRegion
    placeholder?: string
  }
>(({ region, placeholder = "Country", ...props }, ref) => (
  <select
    ref={ref}
    className="h-11 rounded-md border border-ui-border-base bg-ui-bg-subtle px-4 text-base-regular"
    {...props}
  >
    <option value="" disabled>
      {placeholder}
    </option>
    {region?.countries?.map((c) => (
      <option key={c.iso_2} value={c.iso_2}>
        {c.display_name}
      </option>
    ))}
  </select>
))
CountrySelect.displayName = "CountrySelect"

export default CountrySelect
