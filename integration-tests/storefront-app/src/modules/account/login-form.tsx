"use client"

import { login } from "@lib/data/customer"
import { usePathname } from "next/navigation"
import { useActionState } from "react"

/** The starter's login template, in short: the account pages show it to a shopper without a login. */
export default function LoginForm() {
  const [error, action, pending] = useActionState(login, null)
  const pathname = usePathname()
  return (
    <form
      action={action}
      className="flex w-full max-w-sm flex-col gap-y-3"
      data-testid="login-form"
    >
      <h1 className="txt-compact-xlarge-plus uppercase">Welcome back</h1>
      <p className="txt-compact-small text-ui-fg-subtle">
        Sign in to see your orders.
      </p>
      <input type="hidden" name="next" value={pathname} />
      <input
        name="email"
        type="email"
        required
        placeholder="Email"
        className="h-11 rounded-md border border-ui-border-base bg-ui-bg-field px-4 txt-compact-medium"
        data-testid="email-input"
      />
      <input
        name="password"
        type="password"
        required
        placeholder="Password"
        className="h-11 rounded-md border border-ui-border-base bg-ui-bg-field px-4 txt-compact-medium"
        data-testid="password-input"
      />
      {error && (
        <p
          className="txt-compact-small text-ui-fg-error"
          data-testid="login-error"
        >
          {error}
        </p>
      )}
      <button
        type="submit"
        disabled={pending}
        className="h-10 rounded-md bg-ui-button-inverted txt-compact-small-plus text-ui-fg-on-inverted shadow-buttons-inverted"
        data-testid="sign-in-button"
      >
        Sign in
      </button>
    </form>
  )
}
