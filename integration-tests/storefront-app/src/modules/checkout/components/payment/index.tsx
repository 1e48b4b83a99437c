"use client"

import { HttpTypes } from "@medusajs/types"
import Divider from "@modules/common/components/divider"
import { Button, Heading, Text } from "@modules/common/components/ui"
import { usePathname, useRouter, useSearchParams } from "next/navigation"

/**
 * The payment step, in short (the starter's has Stripe): the region's providers, and on to the
 * review. Here so that the checkout form and the delivery step's "Continue to payment" are the
 * starter's.
 */
export default function Payment({
  cart,
  availablePaymentMethods,
}: {
  cart: HttpTypes.StoreCart
  availablePaymentMethods: { id: string }[]
}) {
  const isOpen = useSearchParams().get("step") === "payment"
  const router = useRouter()
  const pathname = usePathname()
  return (
    <div className="bg-white" data-testid="payment-step">
      <Heading level="h2" className="mb-6 text-3xl-regular">
        Payment
      </Heading>
      {isOpen && (
        <div className="flex flex-col gap-y-4">
          {availablePaymentMethods.map((m) => (
            <Text key={m.id} className="txt-medium">
              {m.id}
            </Text>
          ))}
          <Button
            size="large"
            className="self-start"
            disabled={!cart.shipping_methods?.length}
            onClick={() => router.push(`${pathname}?step=review`)}
          >
            Continue to review
          </Button>
        </div>
      )}
      <Divider className="mt-8" />
    </div>
  )
}
