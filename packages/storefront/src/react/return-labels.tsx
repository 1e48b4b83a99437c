"use client"

import { useState } from "react"
import { formatDay, returnLabelHref } from "../format.js"
import type {
  ActionResult,
  CanceledReturn,
  CustomerReturn,
  ReturnLabel,
} from "../types.js"
import { LOOK, slots, type Styling } from "./styles.js"
import { TrackingNumber } from "./tracking-number.js"

export type ReturnLabelsSlot =
  | "root"
  | "card"
  | "header"
  | "title"
  | "requested"
  | "label"
  | "instructions"
  | "actions"
  | "print"
  | "download"
  | "qr"
  | "tracking"
  | "trackingLink"
  | "cancel"
  | "confirm"
  | "confirmText"
  | "keep"
  | "error"
  | "done"

/** A server action that cancels one return (the kit's `cancelReturn` with the customer's headers). */
export type CancelReturnAction = (
  orderId: string,
  returnId: string
) => Promise<ActionResult<{ return: CanceledReturn }>>

export type ReturnLabelsProps = Styling<ReturnLabelsSlot> & {
  orderId: string
  /** `listOrderReturns`' answer: null (not this shopper's) or none renders nothing. */
  returns: CustomerReturn[] | null | undefined
  /**
   * Where the storefront passes the label on (`returnLabelRoute`): "/api/returns" for
   * src/app/api/returns/[orderId]/[returnId]/label/route.ts. Never the backend's URL: it needs
   * the customer's login, which the browser does not hold.
   */
  labelBase?: string
  /** Offers "Cancel return" while a return is cancelable. */
  cancelAction?: CancelReturnAction
  locale?: string
}

const DEFAULTS: Record<ReturnLabelsSlot, string> = {
  root: "flex flex-col gap-y-4",
  card: LOOK.card,
  header: "flex flex-wrap items-center justify-between gap-2",
  title: LOOK.heading,
  requested: LOOK.subtle,
  label: "flex flex-col gap-y-2",
  instructions: "txt-compact-small text-ui-fg-base",
  actions: "flex flex-wrap items-center gap-2",
  print: LOOK.primary,
  download: LOOK.button,
  qr: "h-48 w-48 rounded-md border border-ui-border-base bg-white p-2",
  tracking: LOOK.subtle,
  trackingLink: LOOK.link,
  cancel: LOOK.button,
  confirm: "flex flex-wrap items-center gap-2",
  confirmText: "txt-compact-small text-ui-fg-base",
  keep: LOOK.button,
  error: LOOK.error,
  done: LOOK.subtle,
}

/**
 * The customer's return labels of an order: print or download a label (PDF, PNG), or show the QR
 * code at the post office, with the return parcel's tracking number; and cancel a return as long
 * as its parcel has not reached the carrier. The action should revalidate the order page: the
 * canceled return then leaves the list.
 */
export function ReturnLabels(props: ReturnLabelsProps) {
  const { returns } = props
  if (!returns?.length) return null
  const cls = slots(DEFAULTS, props)
  return (
    <div className={cls("root")} data-testid="return-labels">
      {returns.map((ret) => (
        <ReturnCard key={ret.id} {...props} ret={ret} cls={cls} />
      ))}
    </div>
  )
}

function ReturnCard(
  props: ReturnLabelsProps & {
    ret: CustomerReturn
    cls: ReturnType<typeof slots<ReturnLabelsSlot>>
  }
) {
  const { ret, cls, orderId, locale = "en-US" } = props
  const [confirming, setConfirming] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [canceled, setCanceled] = useState(false)
  const [pending, setPending] = useState(false)
  const requested = formatDay(ret.requested_at?.slice(0, 10), locale)

  // A plain pending flag, not an async transition: React 18 storefronts have none.
  const cancel = async () => {
    setPending(true)
    setError(null)
    try {
      const result = await props.cancelAction!(orderId, ret.id)
      if (result.ok) setCanceled(true)
      else {
        setConfirming(false)
        setError(result.message)
      }
    } catch {
      setConfirming(false)
      setError("The return could not be canceled. Try again in a moment.")
    } finally {
      setPending(false)
    }
  }

  if (canceled)
    return (
      <section
        className={cls("card")}
        data-testid="return-label-card"
        data-return-id={ret.id}
        data-canceled="true"
      >
        <p className={cls("done")} data-testid="return-canceled">
          This return was canceled; its label is no longer valid for it.
        </p>
      </section>
    )

  return (
    <section
      className={cls("card")}
      data-testid="return-label-card"
      data-return-id={ret.id}
    >
      <div className={cls("header")}>
        <h3 className={cls("title")}>Your return</h3>
        {requested && (
          <span className={cls("requested")}>Requested {requested}</span>
        )}
      </div>
      {ret.labels.map((label) => (
        <LabelView
          key={`${label.parcel_number}-${label.tracking_number}`}
          {...props}
          label={label}
        />
      ))}
      {ret.cancelable && props.cancelAction && !confirming && (
        <div className={cls("actions")}>
          <button
            type="button"
            className={cls("cancel")}
            onClick={() => setConfirming(true)}
            data-testid="return-cancel"
          >
            Cancel return
          </button>
        </div>
      )}
      {confirming && (
        <div className={cls("confirm")}>
          <span className={cls("confirmText")}>
            Cancel this return? Don&apos;t send the parcel with this label.
          </span>
          <button
            type="button"
            className={cls("cancel")}
            onClick={cancel}
            disabled={pending}
            data-testid="return-cancel-confirm"
          >
            {pending ? "Canceling…" : "Yes, cancel it"}
          </button>
          <button
            type="button"
            className={cls("keep")}
            onClick={() => setConfirming(false)}
            disabled={pending}
          >
            Keep it
          </button>
        </div>
      )}
      {error && (
        <p className={cls("error")} role="alert" data-testid="return-error">
          {error}
        </p>
      )}
    </section>
  )
}

function LabelView(
  props: ReturnLabelsProps & {
    ret: CustomerReturn
    label: ReturnLabel
    cls: ReturnType<typeof slots<ReturnLabelsSlot>>
  }
) {
  const { label, ret, cls, orderId } = props
  const href = (page = 0, download = false) =>
    returnLabelHref(
      {
        orderId,
        returnId: ret.id,
        parcel: label.parcel_number,
        page,
        download,
      },
      props.labelBase
    )
  const which =
    label.parcel_count > 1
      ? ` (parcel ${label.parcel_number} of ${label.parcel_count})`
      : ""
  const pages = Array.from({ length: Math.max(1, label.pages) }, (_, i) => i)
  return (
    <div
      className={cls("label")}
      data-testid="return-label"
      data-kind={label.kind}
      data-tracking-number={label.tracking_number}
    >
      {label.kind === "qr_code" ? (
        <>
          <p className={cls("instructions")}>
            Show this code at the post office{which}: they print the label for
            you.
          </p>
          {/* The storefront's own route: a plain <img>, no image optimiser in between. */}
          <img
            className={cls("qr")}
            src={href()}
            alt={`Return QR code ${label.tracking_number}`}
            width={192}
            height={192}
            data-testid="return-qr"
          />
        </>
      ) : (
        <>
          <p className={cls("instructions")}>
            Print the label{which}, stick it on the parcel and hand it to the
            carrier.
          </p>
          <div className={cls("actions")}>
            {pages.map((page) => (
              <a
                key={page}
                className={cls("print")}
                href={href(page)}
                target="_blank"
                rel="noopener"
                data-testid="return-label-print"
              >
                {pages.length > 1 ? `Print page ${page + 1}` : "Print label"}
              </a>
            ))}
            <a
              className={cls("download")}
              href={href(0, true)}
              download={label.file_name}
              data-testid="return-label-download"
            >
              Download {label.format ?? "label"}
            </a>
          </div>
        </>
      )}
      <TrackingNumber
        number={label.tracking_number}
        url={label.tracking_url}
        className={cls("tracking")}
        linkClassName={cls("trackingLink")}
      />
    </div>
  )
}
