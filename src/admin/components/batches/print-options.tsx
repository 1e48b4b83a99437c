import { Checkbox, Label, Select } from "@medusajs/ui"

export const LAYOUTS: { value: string; label: string }[] = [
  { value: "4x6", label: "4x6 in, one label a page (thermal printer)" },
  { value: "letter-2up", label: "Letter, 2 per sheet" },
  { value: "letter-4up", label: "Letter, 4 per sheet" },
  { value: "a4-2up", label: "A4, 2 per sheet" },
  { value: "a4-4up", label: "A4, 4 per sheet" },
]

export type PrintChoice = {
  layout: string
  packing_slips: boolean
  commercial_invoices: boolean
  separate: boolean
}

/** The print file's settings: sheet layout, packing slips, commercial invoices, one PDF or several. */
export function PrintOptions({
  value,
  onChange,
  testId,
}: {
  value: PrintChoice
  onChange: (v: PrintChoice) => void
  testId?: string
}) {
  const check = (
    key: "packing_slips" | "commercial_invoices" | "separate",
    label: string
  ) => (
    <div className="flex items-center gap-x-2">
      <Checkbox
        id={`${testId}-${key}`}
        checked={value[key]}
        onCheckedChange={(c) => onChange({ ...value, [key]: c === true })}
        data-testid={`${testId}-${key}`}
      />
      <Label htmlFor={`${testId}-${key}`} size="small">
        {label}
      </Label>
    </div>
  )
  return (
    <div
      className="flex flex-wrap items-center gap-x-4 gap-y-2"
      data-testid={testId}
    >
      <div className="w-[300px]">
        <Select
          size="small"
          value={value.layout}
          onValueChange={(layout) => onChange({ ...value, layout })}
        >
          <Select.Trigger data-testid={`${testId}-layout`}>
            <Select.Value />
          </Select.Trigger>
          <Select.Content>
            {LAYOUTS.map((l) => (
              <Select.Item key={l.value} value={l.value}>
                {l.label}
              </Select.Item>
            ))}
          </Select.Content>
        </Select>
      </div>
      {check("packing_slips", "Packing slips")}
      {check("commercial_invoices", "Commercial invoices (cross-border)")}
      {check("separate", "Separate PDFs")}
    </div>
  )
}
