"use server"

import { cookies } from "next/headers"

/** The language the shopper chose (the starter's locale cookie), or null. */
export async function getLocale(): Promise<string | null> {
  try {
    return (await cookies()).get("_medusa_locale")?.value ?? null
  } catch {
    return null
  }
}
