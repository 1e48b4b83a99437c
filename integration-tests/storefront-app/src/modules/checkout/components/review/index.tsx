"use client"

import { HttpTypes } from "@medusajs/types"
import { Heading, Text } from "@modules/common/components/ui"
import { useSearchParams } from "next/navigation"

/** The review step, in short: the order is placed elsewhere in these tests. */
export default function Review({ cart }: { cart: HttpTypes.StoreCart }) {
  const isOpen = useSearchParams().get("step") === "review"
  return (
    <div className="bg-white" data-testid="review-step">
      <Heading level="h2" className="mb-6 text-3xl-regular">
        Review
      </Heading>
      {isOpen && (
        <Text className="txt-medium">
          {cart.items?.length ?? 0} item(s), shipped with{" "}
          {cart.shipping_methods?.at(-1)?.name ?? "no method yet"}.
        </Text>
      )}
    </div>
  )
}
