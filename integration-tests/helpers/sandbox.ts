/** The sandbox's control API (docs/sandbox.md), for tests in the http group. */
const base = () => {
  const url = process.env.SANDBOX_URL
  if (!url) throw new Error("SANDBOX_URL is not set: the http group's global setup starts the sandbox")
  return `${url}/_sandbox`
}

async function call<T = any>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(base() + path, {
    method,
    headers: body === undefined ? {} : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`sandbox ${method} ${path} → ${res.status} ${text}`)
  return (text ? JSON.parse(text) : undefined) as T
}

export const sandbox = {
  get: <T = any>(path: string) => call<T>("GET", path),
  post: <T = any>(path: string, body?: unknown) => call<T>("POST", path, body ?? {}),
  put: <T = any>(path: string, body?: unknown) => call<T>("PUT", path, body ?? {}),
  delete: <T = any>(path: string) => call<T>("DELETE", path),
}
