/** Makes failed requests of the runner's axios client say what the server answered. */
export function explainHttpErrors(api: any) {
  api.interceptors.response.use(undefined, (error: any) => {
    if (error?.response) {
      const { status, data } = error.response
      error.message = `${error.config?.method?.toUpperCase()} ${error.config?.url} → ${status}: ${typeof data === "string" ? data.slice(0, 500) : JSON.stringify(data).slice(0, 1000)}`
    }
    return Promise.reject(error)
  })
}
