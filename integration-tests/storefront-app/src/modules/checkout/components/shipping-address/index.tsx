import { HttpTypes } from "@medusajs/types"
import Checkbox from "@modules/common/components/checkbox"
import Input from "@modules/common/components/input"
import { Container } from "@modules/common/components/ui"
import type { CheckoutProblem } from "medusa-plugin-shipping-services-storefront"
import { FieldProblem } from "medusa-plugin-shipping-services-storefront/react"
import { useEffect, useMemo, useState, type ChangeEvent } from "react"
import AddressSelect from "../address-select"
import CountrySelect from "../country-select"

/** The address inputs in the starter's order, named as the plugin names a problem's field. */
const INPUTS = [
  {
    field: "first_name",
    label: "First name",
    autoComplete: "given-name",
    required: true,
    testId: "first-name",
  },
  {
    field: "last_name",
    label: "Last name",
    autoComplete: "family-name",
    required: true,
    testId: "last-name",
  },
  {
    field: "address_1",
    label: "Address",
    autoComplete: "address-line1",
    required: true,
    testId: "address",
  },
  {
    field: "company",
    label: "Company",
    autoComplete: "organization",
    required: false,
    testId: "company",
  },
  {
    field: "postal_code",
    label: "Postal code",
    autoComplete: "postal-code",
    required: true,
    testId: "postal-code",
  },
  {
    field: "city",
    label: "City",
    autoComplete: "address-level2",
    required: true,
    testId: "city",
  },
  {
    field: "country_code",
    label: "Country",
    autoComplete: "country",
    required: true,
    testId: "country",
  },
  {
    field: "province",
    label: "State / Province",
    autoComplete: "address-level1",
    required: false,
    testId: "province",
  },
] as const
const PHONE = {
  field: "phone",
  label: "Phone",
  autoComplete: "tel",
  required: false,
  testId: "phone",
} as const

const FIELDS = [...INPUTS, PHONE].map((i) => i.field)

/** The form's values: `shipping_address.<field>` and `email`, from an address and an email. */
function formValues(
  address: Partial<HttpTypes.StoreCartAddress> | null | undefined,
  email: string | null | undefined
): Record<string, string> {
  const values: Record<string, string> = { email: email ?? "" }
  for (const field of FIELDS)
    values[`shipping_address.${field}`] = String(address?.[field] ?? "")
  return values
}

/** The form's address, for AddressSelect to compare with the saved ones (its fields only). */
const addressOf = (values: Record<string, string>) =>
  Object.fromEntries(
    FIELDS.map((f) => [f, values[`shipping_address.${f}`]])
  ) as unknown as HttpTypes.StoreCartAddress

export default function ShippingAddress({
  customer,
  cart,
  checked,
  onChange,
  problems,
}: {
  customer: HttpTypes.StoreCustomer | null
  cart: HttpTypes.StoreCart | null
  checked: boolean
  onChange: () => void
  /** The plugin's problems with the cart for the chosen option: each shown under its input. */
  problems: CheckoutProblem[]
}) {
  const [values, setValues] = useState(() =>
    formValues(cart?.shipping_address, cart?.email ?? customer?.email)
  )

  useEffect(() => {
    setValues(
      formValues(cart?.shipping_address, cart?.email ?? customer?.email)
    )
  }, [cart, customer?.email])

  // The customer's saved addresses in the cart's region, to fill the form from.
  const savedInRegion = useMemo(() => {
    const countries = cart?.region?.countries?.map((c) => c.iso_2)
    return (customer?.addresses ?? []).filter(
      (a) => a.country_code && countries?.includes(a.country_code)
    )
  }, [customer?.addresses, cart?.region])

  const handleChange = (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setValues({ ...values, [e.target.name]: e.target.value })

  const input = ({
    field,
    label,
    autoComplete,
    required,
    testId,
  }: (typeof INPUTS)[number] | typeof PHONE) => {
    const name = `shipping_address.${field}`
    return (
      <div key={field} className="flex flex-col">
        {field === "country_code" ? (
          <CountrySelect
            name={name}
            autoComplete={autoComplete}
            region={cart?.region}
            value={values[name]}
            onChange={handleChange}
            required={required}
            data-testid={`shipping-${testId}-select`}
          />
        ) : (
          <Input
            label={label}
            name={name}
            autoComplete={autoComplete}
            value={values[name]}
            onChange={handleChange}
            required={required}
            data-testid={`shipping-${testId}-input`}
          />
        )}
        <FieldProblem field={name} problems={problems} />
      </div>
    )
  }

  return (
    <>
      {customer && savedInRegion.length > 0 && (
        <Container className="mb-6 flex flex-col gap-y-4 p-5">
          <p className="text-small-regular">
            {`Hi ${customer.first_name}, do you want to use one of your saved addresses?`}
          </p>
          <AddressSelect
            addresses={customer.addresses}
            addressInput={addressOf(values)}
            onSelect={(address) =>
              address && setValues(formValues(address, values.email))
            }
          />
        </Container>
      )}
      <div className="grid grid-cols-2 gap-4">{INPUTS.map(input)}</div>
      <div className="my-8">
        <Checkbox
          label="Billing address same as shipping address"
          name="same_as_billing"
          checked={checked}
          onChange={onChange}
          data-testid="billing-address-checkbox"
        />
      </div>
      <div className="mb-4 grid grid-cols-2 gap-4">
        <div className="flex flex-col">
          <Input
            label="Email"
            name="email"
            type="email"
            title="Enter a valid email address."
            autoComplete="email"
            value={values.email}
            onChange={handleChange}
            required
            data-testid="shipping-email-input"
          />
          <FieldProblem field="email" problems={problems} />
        </div>
        {input(PHONE)}
      </div>
    </>
  )
}
