export default function ErrorMessage({
  error,
  "data-testid": dataTestId,
}: {
  error?: string | null
  "data-testid"?: string
}) {
  if (!error) return null
  return (
    <div
      className="pt-2 text-small-regular text-rose-500"
      data-testid={dataTestId}
    >
      <span>{error}</span>
    </div>
  )
}
