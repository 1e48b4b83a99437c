import { retrieveCustomer } from "@lib/data/customer"
import { Metadata } from "next"
import { notFound } from "next/navigation"

export const metadata: Metadata = { title: "Account" }

/** The account's overview, in short: who is signed in. */
export default async function Overview() {
  const customer = await retrieveCustomer()
  if (!customer) notFound()
  return (
    <h1 className="text-2xl-semi" data-testid="welcome-message">
      Hello {customer.first_name ?? customer.email}
    </h1>
  )
}
