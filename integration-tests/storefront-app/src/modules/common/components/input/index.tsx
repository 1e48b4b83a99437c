import { forwardRef, type InputHTMLAttributes } from "react"

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "placeholder"> & {
  label: string
  name: string
}

/** The starter's input: its label inside the field, a star when required. */
const Input = forwardRef<HTMLInputElement, InputProps>(
  ({ label, name, required, ...props }, ref) => (
    <div className="flex w-full flex-col">
      <div className="relative z-0 flex w-full txt-compact-medium">
        <input
          ref={ref}
          id={name}
          name={name}
          required={required}
          placeholder=" "
          className="mt-0 block h-11 w-full appearance-none rounded-md border border-ui-border-base bg-ui-bg-field px-4 pb-1 pt-4 hover:bg-ui-bg-field-hover focus:shadow-borders-interactive-with-active focus:outline-none"
          {...props}
        />
        <label
          htmlFor={name}
          className="pointer-events-none absolute top-3 mx-3 flex items-center px-1 text-ui-fg-subtle"
        >
          {label}
          {required && <span className="text-rose-500">*</span>}
        </label>
      </div>
    </div>
  )
)
Input.displayName = "Input"

export default Input
