/**
 * The sandbox's control API (docs/sandbox.md) at `url`, for tests, the benches and scripts:
 * `control("PUT", "/latency", { operation, ms })`. A non-2xx answer throws with the sandbox's words.
 */
export type SandboxControl = <T = any>(
  method: string,
  path: string,
  body?: unknown
) => Promise<T>

export function sandboxControl(url: string | (() => string)): SandboxControl {
  return async <T = any>(
    method: string,
    path: string,
    body?: unknown
  ): Promise<T> => {
    const base = typeof url === "function" ? url() : url
    const res = await fetch(`${base}/_sandbox${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    if (!res.ok)
      throw new Error(`sandbox ${method} ${path} → ${res.status} ${text}`)
    return (text ? JSON.parse(text) : undefined) as T
  }
}
