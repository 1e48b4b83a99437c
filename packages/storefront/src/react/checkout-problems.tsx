"use client"

import { useEffect, useState } from "react"
import { fieldLabel, fieldProblemId, problemsByField } from "../format.js"
import type { CheckoutProblem } from "../types.js"
import { LOOK, cx, slots, type Styling } from "./styles.js"

export type CheckoutProblemsSlot =
  "root" | "title" | "list" | "problem" | "field" | "message" | "action"

export type CheckoutProblemsProps = Styling<CheckoutProblemsSlot> & {
  /** The refusal's problems (`chooseShippingOption`, `checkCart`); none renders nothing. */
  problems: readonly CheckoutProblem[] | null | undefined
  /** The sentence above the list. */
  title?: string
  /**
   * Mark the form fields the problems name (`[name="shipping_address.phone"]`, as the starter's
   * inputs are named): `aria-invalid`, `aria-describedby` and `invalidFieldClass`. Default true.
   */
  markFields?: boolean
  /** Classes put on a marked field (the preset's error border). */
  invalidFieldClass?: string
  /**
   * Where the shopper edits a field this page does not show, e.g. the starter's address step
   * (`(field) => field.startsWith("shipping_address.") ? "?step=address" : undefined`).
   */
  editHref?: (field: string) => string | undefined
  /** The cart's line item titles by id, to name the items of an item problem. */
  itemTitles?: Record<string, string>
}

const DEFAULTS: Record<CheckoutProblemsSlot, string> = {
  root: "flex flex-col gap-y-2 rounded-lg border border-ui-border-error bg-ui-bg-base p-4",
  title: "txt-compact-small-plus text-ui-fg-error",
  list: "flex flex-col gap-y-1.5",
  problem: "flex flex-wrap items-baseline gap-x-2",
  field: "txt-compact-small-plus text-ui-fg-base",
  message: "txt-compact-small text-ui-fg-subtle",
  action: LOOK.link,
}

const INVALID_FIELD = "border-ui-border-error shadow-borders-error"

function fieldsNamed(field: string): HTMLElement[] {
  if (typeof document === "undefined") return []
  return [
    ...document.querySelectorAll<HTMLElement>(
      `[name="${field.replace(/["\\]/g, "\\$&")}"]`
    ),
  ]
}

/**
 * Why checkout refuses the cart, problem by problem in the shopper's words, each naming its form
 * field ("Phone: Add a phone number…") and pointing at it: the field is marked invalid and a
 * "Fix" button focuses it; a field this page does not show links to `editHref`. Problems only
 * the merchant can fix (a product's weight, customs data) say the item cannot ship this way.
 */
export function CheckoutProblems(props: CheckoutProblemsProps) {
  const {
    problems,
    markFields = true,
    invalidFieldClass = INVALID_FIELD,
    itemTitles = {},
  } = props
  const cls = slots(DEFAULTS, props)
  // Which fields are on the page: known after the first render in the browser.
  const [present, setPresent] = useState<ReadonlySet<string>>(new Set())
  const key = (problems ?? [])
    .map((p) => `${p.field}\u0000${p.message}`)
    .join("\u0001")

  useEffect(() => {
    if (!problems?.length) return
    const fields = [...problemsByField(problems).keys()]
    setPresent(new Set(fields.filter((f) => fieldsNamed(f).length > 0)))
    if (!markFields) return
    const marked: {
      el: HTMLElement
      describedBy: string | null
      added: string[]
    }[] = []
    fields.forEach((field) => {
      for (const el of fieldsNamed(field)) {
        const own = document.getElementById(fieldProblemId(field))
        const describedBy = el.getAttribute("aria-describedby")
        const classes = invalidFieldClass
          .split(/\s+/)
          .filter((c) => c && !el.classList.contains(c))
        el.setAttribute("aria-invalid", "true")
        el.setAttribute(
          "aria-describedby",
          cx(describedBy, own ? own.id : `${fieldProblemId(field)}-summary`)
        )
        el.classList.add(...classes)
        marked.push({ el, describedBy, added: classes })
      }
    })
    return () => {
      for (const { el, describedBy, added } of marked) {
        el.removeAttribute("aria-invalid")
        if (describedBy === null) el.removeAttribute("aria-describedby")
        else el.setAttribute("aria-describedby", describedBy)
        el.classList.remove(...added)
      }
    }
    // `key` stands for the problems' content: a new array with the same problems marks nothing anew.
  }, [key, markFields, invalidFieldClass])

  if (!problems?.length) return null
  const focus = (field: string) => {
    const el = fieldsNamed(field)[0]
    el?.scrollIntoView({ block: "center", behavior: "smooth" })
    el?.focus({ preventScroll: true })
  }
  return (
    <div className={cls("root")} role="alert" data-testid="checkout-problems">
      <p className={cls("title")}>
        {props.title ?? "This shipping option cannot take your order yet:"}
      </p>
      <ul className={cls("list")}>
        {problems.map((p, i) => {
          const items = (p.item_ids ?? [])
            .map((id) => itemTitles[id])
            .filter(Boolean)
          const edit = present.has(p.field)
            ? undefined
            : props.editHref?.(p.field)
          return (
            <li
              key={`${p.field}-${i}`}
              id={
                i === problems.findIndex((q) => q.field === p.field)
                  ? `${fieldProblemId(p.field)}-summary`
                  : undefined
              }
              className={cls("problem")}
              data-testid="checkout-problem"
              data-field={p.field}
              data-fix={p.fix}
            >
              <span className={cls("field")}>
                {p.field === "items" && items.length
                  ? items.join(", ")
                  : fieldLabel(p.field)}
              </span>
              <span className={cls("message")}>{p.message}</span>
              {p.fix === "customer" && present.has(p.field) && (
                <button
                  type="button"
                  className={cls("action")}
                  onClick={() => focus(p.field)}
                  data-testid="checkout-problem-fix"
                >
                  Fix
                </button>
              )}
              {p.fix === "customer" && edit && (
                <a className={cls("action")} href={edit}>
                  Edit
                </a>
              )}
            </li>
          )
        })}
      </ul>
    </div>
  )
}
