"use client"

import { Button } from "@modules/common/components/ui"
import { useFormStatus } from "react-dom"

/** A form's submit button, busy while its action runs. */
export function SubmitButton({
  children,
  className,
  "data-testid": dataTestId,
}: {
  children: React.ReactNode
  className?: string
  "data-testid"?: string
}) {
  const { pending } = useFormStatus()
  return (
    <Button
      type="submit"
      size="large"
      className={className}
      isLoading={pending}
      data-testid={dataTestId}
    >
      {children}
    </Button>
  )
}
