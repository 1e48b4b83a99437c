/** The starter's radio dot, drawn inside a headlessui Radio (which is the real radio). */
export default function Radio({
  checked,
  "data-testid": dataTestId,
}: {
  checked: boolean
  "data-testid"?: string
}) {
  return (
    <span
      data-state={checked ? "checked" : "unchecked"}
      className="group flex h-5 w-5 items-center justify-center"
      data-testid={dataTestId ?? "radio-button"}
    >
      <span className="flex h-[14px] w-[14px] items-center justify-center rounded-full bg-ui-bg-base shadow-borders-base group-data-[state=checked]:bg-ui-bg-interactive group-data-[state=checked]:shadow-borders-interactive">
        {checked && <span className="h-1.5 w-1.5 rounded-full bg-ui-bg-base" />}
      </span>
    </span>
  )
}
