"use client"

import Login from "@modules/account/components/login"

/** The starter's sign-in view (its registration view is not needed here). */
export default function LoginTemplate() {
  return (
    <div className="flex w-full justify-start px-8 py-8">
      <Login />
    </div>
  )
}
