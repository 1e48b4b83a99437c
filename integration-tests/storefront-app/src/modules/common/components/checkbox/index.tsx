/** The starter's labelled checkbox (the billing address toggle). */
export default function CheckboxWithLabel({
  checked = true,
  onChange,
  label,
  name,
  "data-testid": dataTestId,
}: {
  checked?: boolean
  onChange?: () => void
  label: string
  name?: string
  "data-testid"?: string
}) {
  return (
    <label className="flex items-center gap-x-2 txt-medium">
      <input
        type="checkbox"
        name={name}
        checked={checked}
        onChange={onChange}
        data-testid={dataTestId}
      />
      {label}
    </label>
  )
}
