"use client"

import { useState, type FormEvent } from "react"
import type { ReturnableItem } from "../returnable.js"
import type {
  ActionResult,
  ReturnOption,
  ReturnReason,
  ReturnRequest,
} from "../types.js"
import { LOOK, slots, type Styling } from "./styles.js"

export type ReturnRequestFormSlot =
  | "root"
  | "title"
  | "section"
  | "legend"
  | "item"
  | "itemTitle"
  | "quantity"
  | "select"
  | "option"
  | "note"
  | "submit"
  | "error"
  | "done"

/** A server action that creates the return (the kit's `createReturn` with the customer's headers). */
export type CreateReturnAction = (
  request: ReturnRequest
) => Promise<ActionResult<{ return_id: string }>>

export type ReturnRequestFormProps = Styling<ReturnRequestFormSlot> & {
  orderId: string
  items: readonly ReturnableItem[]
  /** Medusa's return reasons (`listReturnReasons`); with any, one must be chosen. */
  reasons: readonly ReturnReason[]
  /** The order's return shipping options (`listReturnOptions`). */
  options: readonly ReturnOption[]
  action: CreateReturnAction
  /** Called with the new return's id (the action should also revalidate the page). */
  onCreated?: (returnId: string) => void
  title?: string
}

const DEFAULTS: Record<ReturnRequestFormSlot, string> = {
  root: `${LOOK.card} gap-y-4`,
  title: LOOK.heading,
  section: "flex flex-col gap-y-2",
  legend: "txt-compact-small-plus text-ui-fg-base pb-1",
  item: "flex items-center justify-between gap-x-4 rounded-md border border-ui-border-base px-3 py-2",
  itemTitle: "flex items-center gap-x-2 txt-compact-small text-ui-fg-base",
  quantity:
    "rounded-md border border-ui-border-base bg-ui-bg-field px-2 py-1 txt-compact-small",
  select:
    "rounded-md border border-ui-border-base bg-ui-bg-field px-3 py-2 txt-compact-small text-ui-fg-base",
  option:
    "flex items-center gap-x-2 rounded-md border border-ui-border-base px-3 py-2 txt-compact-small text-ui-fg-base",
  note: "min-h-[64px] rounded-md border border-ui-border-base bg-ui-bg-field px-3 py-2 txt-compact-small",
  submit: `${LOOK.primary} self-start`,
  error: LOOK.error,
  done: "txt-compact-small text-ui-fg-base",
}

/**
 * The shopper's return request: which items and how many, why, and how it goes back (one of the
 * order's return options). The label of a plugin's option is bought within the request, so the
 * page shows it (ReturnLabels) as soon as the action revalidated it.
 */
export function ReturnRequestForm(props: ReturnRequestFormProps) {
  const { orderId, items, reasons, options } = props
  const cls = slots(DEFAULTS, props)
  const [chosen, setChosen] = useState<Record<string, number>>({})
  const [reasonId, setReasonId] = useState("")
  const [optionId, setOptionId] = useState(
    options.length === 1 ? options[0]!.id : ""
  )
  const [note, setNote] = useState("")
  const [error, setError] = useState<string | null>(null)
  const [created, setCreated] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  if (!items.length || !options.length) return null

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const lines = Object.entries(chosen).filter(([, q]) => q > 0)
    const missing = !lines.length
      ? "Choose the items to return."
      : reasons.length && !reasonId
        ? "Choose a reason."
        : !optionId
          ? "Choose how to send them back."
          : null
    if (missing) return setError(missing)
    void send(lines)
  }

  // A plain pending flag, not an async transition: React 18 storefronts have none.
  const send = async (lines: [string, number][]) => {
    setPending(true)
    setError(null)
    try {
      const result = await props.action({
        order_id: orderId,
        items: lines.map(([id, quantity]) => ({
          id,
          quantity,
          ...(reasonId ? { reason_id: reasonId } : {}),
          ...(note.trim() ? { note: note.trim() } : {}),
        })),
        return_shipping: { option_id: optionId },
      })
      if (!result.ok) return setError(result.message)
      setChosen({})
      setNote("")
      setCreated(result.return_id)
      props.onCreated?.(result.return_id)
    } catch {
      setError("The return could not be requested. Try again in a moment.")
    } finally {
      setPending(false)
    }
  }

  return (
    <form
      className={cls("root")}
      onSubmit={submit}
      data-testid="return-request-form"
    >
      <h3 className={cls("title")}>{props.title ?? "Return items"}</h3>
      <fieldset className={cls("section")}>
        <legend className={cls("legend")}>Items</legend>
        {items.map((item) => {
          const on = (chosen[item.id] ?? 0) > 0
          return (
            <div key={item.id} className={cls("item")}>
              <label className={cls("itemTitle")}>
                <input
                  type="checkbox"
                  name="items"
                  value={item.id}
                  checked={on}
                  onChange={(e) =>
                    setChosen((c) => ({
                      ...c,
                      [item.id]: e.target.checked ? 1 : 0,
                    }))
                  }
                  data-testid="return-item"
                />
                <span>
                  {item.title}
                  {item.subtitle ? ` · ${item.subtitle}` : ""}
                </span>
              </label>
              {item.quantity > 1 && (
                <select
                  className={cls("quantity")}
                  aria-label={`How many of ${item.title}`}
                  value={chosen[item.id] || 1}
                  disabled={!on}
                  onChange={(e) =>
                    setChosen((c) => ({
                      ...c,
                      [item.id]: Number(e.target.value),
                    }))
                  }
                >
                  {Array.from({ length: item.quantity }, (_, i) => (
                    <option key={i} value={i + 1}>
                      {i + 1}
                    </option>
                  ))}
                </select>
              )}
            </div>
          )
        })}
      </fieldset>
      {reasons.length > 0 && (
        <label className={cls("section")}>
          <span className={cls("legend")}>Reason</span>
          <select
            className={cls("select")}
            name="reason_id"
            value={reasonId}
            onChange={(e) => setReasonId(e.target.value)}
            data-testid="return-reason"
          >
            <option value="">Choose a reason</option>
            {reasons.map((r) => (
              <option key={r.id} value={r.id}>
                {r.label}
              </option>
            ))}
          </select>
        </label>
      )}
      <fieldset className={cls("section")}>
        <legend className={cls("legend")}>How it goes back</legend>
        {options.map((o) => (
          <label key={o.id} className={cls("option")}>
            <input
              type="radio"
              name="return_option"
              value={o.id}
              checked={optionId === o.id}
              onChange={() => setOptionId(o.id)}
              data-testid="return-option"
            />
            <span>{o.name}</span>
          </label>
        ))}
      </fieldset>
      <label className={cls("section")}>
        <span className={cls("legend")}>Note (optional)</span>
        <textarea
          className={cls("note")}
          name="note"
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
      </label>
      {error && (
        <p className={cls("error")} role="alert" data-testid="return-error">
          {error}
        </p>
      )}
      {created && !error && (
        <p className={cls("done")} data-testid="return-created">
          Return requested. Your label is below.
        </p>
      )}
      <button
        type="submit"
        className={cls("submit")}
        disabled={pending}
        data-testid="return-submit"
      >
        {pending ? "Requesting…" : "Request return"}
      </button>
    </form>
  )
}
