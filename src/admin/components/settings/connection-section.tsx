import { Badge, Button, Text } from "@medusajs/ui"
import { useConnection } from "../../lib/api"
import { errorMessage, formatDateTime } from "../../lib/format"
import { KeyValue, Loading, Section } from "./section"

/** Token obtained? Each root answering? (GET /admin/shipping-services/connection) */
export function ConnectionSection() {
  const { data, isFetching, isError, error, refetch } = useConnection()
  return (
    <Section
      title="Connection"
      description="Whether this store gets a token with its credentials and reaches every root of the service."
      testId="connection-section"
      actions={
        <Button
          size="small"
          variant="secondary"
          onClick={() => refetch()}
          isLoading={isFetching}
          data-testid="check-connection"
        >
          Check again
        </Button>
      }
    >
      {!data ? (
        isError ? (
          <Text size="small" className="text-ui-fg-error">
            {errorMessage(error)}
          </Text>
        ) : (
          <Loading />
        )
      ) : (
        <div className="flex flex-col">
          <KeyValue label="Token">
            <Badge
              size="2xsmall"
              color={data.token === "ok" ? "green" : "red"}
              data-testid="token-status"
            >
              {data.token === "ok" ? "Obtained" : "Failed"}
            </Badge>
            {data.token_error && (
              <span className="text-ui-fg-error ml-2">{data.token_error}</span>
            )}
          </KeyValue>
          <KeyValue label="Authenticated call">
            {data.authorized_call.ok
              ? "Applicable events listed"
              : data.authorized_call.error}
          </KeyValue>
          {data.roots.map((r) => (
            <KeyValue key={r.name} label={`Root ${r.name}`}>
              <Badge size="2xsmall" color={r.reachable ? "green" : "red"}>
                {r.reachable ? "Reachable" : "Unreachable"}
              </Badge>
              <span className="text-ui-fg-subtle ml-2">
                {r.url} — {r.serves}
                {/* A root answers 404 to a bare GET: it is up, which is all this row says. */}
                {r.reachable && r.status ? ` — answered HTTP ${r.status}` : ""}
                {r.error ? ` — ${r.error}` : ""}
              </span>
            </KeyValue>
          ))}
          <KeyValue label="Checked">{formatDateTime(data.checked_at)}</KeyValue>
        </div>
      )}
    </Section>
  )
}
