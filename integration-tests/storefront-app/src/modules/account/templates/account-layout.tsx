import { HttpTypes } from "@medusajs/types"

/** The starter's account frame: the signed-in customer beside the page. */
export default function AccountLayout({
  customer,
  children,
}: {
  customer: HttpTypes.StoreCustomer | null
  children: React.ReactNode
}) {
  return (
    <div className="flex-1 py-12" data-testid="account-page">
      <div className="content-container mx-auto flex h-full max-w-5xl flex-col bg-white">
        <div className="grid grid-cols-1 py-12 small:grid-cols-[240px_1fr]">
          <div>
            {customer && (
              <p
                className="txt-compact-small text-ui-fg-subtle"
                data-testid="signed-in-as"
              >
                Signed in as {customer.email}
              </p>
            )}
          </div>
          <div className="flex-1">{children}</div>
        </div>
      </div>
    </div>
  )
}
