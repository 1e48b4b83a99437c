import { NextResponse, type NextRequest } from "next/server"

// The part of the starter's middleware the data layer relies on: every visitor gets a cache id,
// which names the cache tags of their data (cookies.ts getCacheTag).
export function middleware(request: NextRequest) {
  const response = NextResponse.next()
  if (!request.cookies.get("_medusa_cache_id"))
    response.cookies.set("_medusa_cache_id", crypto.randomUUID(), {
      maxAge: 60 * 60 * 24,
    })
  return response
}

export const config = {
  matcher: ["/((?!api|_next/static|_next/image|favicon.ico).*)"],
}
