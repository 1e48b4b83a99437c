import type { Metadata } from "next"
import "./globals.css"

export const metadata: Metadata = { title: "Test storefront" }

export default function RootLayout({
  children,
}: {
  children: React.ReactNode
}) {
  return (
    <html lang="en" data-mode="light">
      <body>
        <header className="border-b border-ui-border-base bg-ui-bg-base">
          <div className="content-container flex h-16 items-center justify-between">
            <span className="txt-compact-xlarge-plus uppercase">
              Medusa Store
            </span>
            <span className="txt-compact-small text-ui-fg-subtle">
              Test storefront
            </span>
          </div>
        </header>
        <main className="relative">{children}</main>
      </body>
    </html>
  )
}
