/**
 * The small axios-like surface the seed helpers use: the test runner's `api` (axios) fits it,
 * and fetchApi gives the same over fetch for the demo.
 */
import { fetchAgainOnReset } from "../fetch-again"

export type RequestConfig = { headers?: Record<string, string> }
export type ApiResponse<T = any> = {
  status: number
  data: T
  headers?: Record<string, unknown>
}
export type Api = {
  get<T = any>(url: string, config?: RequestConfig): Promise<ApiResponse<T>>
  post<T = any>(
    url: string,
    body?: unknown,
    config?: RequestConfig
  ): Promise<ApiResponse<T>>
  delete<T = any>(url: string, config?: RequestConfig): Promise<ApiResponse<T>>
}

export function fetchApi(baseUrl: string): Api {
  const call = async (
    method: string,
    url: string,
    body: unknown,
    config?: RequestConfig
  ) => {
    const res = await fetchAgainOnReset(baseUrl + url, {
      method,
      headers: {
        "content-type": "application/json",
        ...(config?.headers ?? {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    const data =
      text && res.headers.get("content-type")?.includes("json")
        ? JSON.parse(text)
        : text
    if (!res.ok) {
      const error = new Error(
        `${method} ${url} → ${res.status}: ${typeof data === "string" ? data : JSON.stringify(data)}`
      )
      Object.assign(error, { response: { status: res.status, data } })
      throw error
    }
    return { status: res.status, data }
  }
  return {
    get: (url, config) => call("GET", url, undefined, config),
    post: (url, body, config) => call("POST", url, body ?? {}, config),
    delete: (url, config) => call("DELETE", url, undefined, config),
  }
}
