import "server-only"
import { cookies } from "next/headers"

// As the starter's: the customer's JWT and the cart id (httpOnly cookies), and the visitor's
// cache id that names the cache tags of their data.

export async function getAuthHeaders(): Promise<
  { authorization: string } | Record<string, never>
> {
  try {
    const token = (await cookies()).get("_medusa_jwt")?.value
    return token ? { authorization: `Bearer ${token}` } : {}
  } catch {
    return {}
  }
}

export async function getCacheTag(tag: string): Promise<string> {
  try {
    const cacheId = (await cookies()).get("_medusa_cache_id")?.value
    return cacheId ? `${tag}-${cacheId}` : ""
  } catch {
    return ""
  }
}

export async function getCacheOptions(
  tag: string
): Promise<{ tags: string[] } | Record<string, never>> {
  const cacheTag = await getCacheTag(tag)
  return cacheTag ? { tags: [cacheTag] } : {}
}

export async function setAuthToken(token: string) {
  ;(await cookies()).set("_medusa_jwt", token, {
    maxAge: 60 * 60 * 24 * 7,
    httpOnly: true,
    sameSite: "strict",
    secure: process.env.NODE_ENV === "production",
  })
}

export async function getCartId(): Promise<string | undefined> {
  return (await cookies()).get("_medusa_cart_id")?.value
}
