/**
 * "Tracking number 9400…", linked to the carrier's page when there is one (a new tab, without
 * telling the carrier where the shopper came from). Used by ParcelTimeline and ReturnLabels.
 */
export function TrackingNumber(props: {
  number: string
  url: string | null
  className?: string
  linkClassName?: string
  testId?: string
}) {
  return (
    <p className={props.className}>
      Tracking number{" "}
      {props.url ? (
        <a
          className={props.linkClassName}
          href={props.url}
          target="_blank"
          rel="noopener noreferrer"
          data-testid={props.testId ? `${props.testId}-link` : undefined}
        >
          {props.number}
        </a>
      ) : (
        <span data-testid={props.testId ? `${props.testId}-number` : undefined}>
          {props.number}
        </span>
      )}
    </p>
  )
}
