import { Container, Heading, Text } from "@medusajs/ui"
import { errorMessage } from "../../lib/format"

/** One titled block of the settings page, in the dashboard's style. */
export function Section({
  title,
  description,
  actions,
  children,
  testId,
}: {
  title: string
  description?: string
  actions?: React.ReactNode
  children: React.ReactNode
  testId?: string
}) {
  return (
    <Container className="divide-y p-0" data-testid={testId}>
      <div className="flex items-center justify-between gap-x-4 px-6 py-4">
        <div>
          <Heading level="h2">{title}</Heading>
          {description && (
            <Text size="small" className="text-ui-fg-subtle">
              {description}
            </Text>
          )}
        </div>
        {actions && <div className="flex shrink-0 gap-x-2">{actions}</div>}
      </div>
      <div className="px-6 py-4">{children}</div>
    </Container>
  )
}

export function KeyValue({
  label,
  children,
}: {
  label: string
  children: React.ReactNode
}) {
  return (
    <div className="grid grid-cols-[180px_1fr] items-start gap-x-4 py-1">
      <Text size="small" className="text-ui-fg-subtle">
        {label}
      </Text>
      <div className="txt-small text-ui-fg-base break-all">{children}</div>
    </div>
  )
}

export function Loading() {
  return (
    <Text size="small" className="text-ui-fg-subtle">
      Loading…
    </Text>
  )
}

/** `keepOnError`: a failed refresh leaves the last data on screen; otherwise the error replaces it. */
export function QueryBody<T>({
  query: { data, isError, error },
  keepOnError = false,
  children,
}: {
  query: { data: T | null | undefined; isError: boolean; error: unknown }
  keepOnError?: boolean
  children: (data: T) => React.ReactNode
}) {
  if (isError && (!data || !keepOnError))
    return (
      <Text size="small" className="text-ui-fg-error">
        {errorMessage(error)}
      </Text>
    )
  if (!data) return <Loading />
  return <>{children(data)}</>
}
