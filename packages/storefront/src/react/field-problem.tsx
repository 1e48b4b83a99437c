import { fieldProblemId } from "../format.js"
import type { CheckoutProblem } from "../types.js"
import { slots, type Styling } from "./styles.js"

export type FieldProblemSlot = "root" | "message"

export type FieldProblemProps = Styling<FieldProblemSlot> & {
  /** The form field, named as the problems name it: "shipping_address.phone". */
  field: string
  /** All the refusal's problems: this shows the field's own. */
  problems: readonly CheckoutProblem[] | null | undefined
}

const DEFAULTS: Record<FieldProblemSlot, string> = {
  root: "flex flex-col gap-y-0.5 pt-1",
  message: "txt-compact-small text-ui-fg-error",
}

/**
 * The problems of one form field, under the field: put it beside the starter's input of the same
 * name. CheckoutProblems points the field at it (aria-describedby).
 */
export function FieldProblem(props: FieldProblemProps) {
  const own = (props.problems ?? []).filter((p) => p.field === props.field)
  if (!own.length) return null
  const cls = slots(DEFAULTS, props)
  return (
    <div
      id={fieldProblemId(props.field)}
      className={cls("root")}
      data-testid="field-problem"
      data-field={props.field}
    >
      {own.map((p, i) => (
        <p key={i} className={cls("message")}>
          {p.message}
        </p>
      ))}
    </div>
  )
}
