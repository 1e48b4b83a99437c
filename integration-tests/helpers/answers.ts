import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"

export type Answer = { status: number; data: any; headers: Record<string, any> }

/** A request's answer, error statuses included (axios throws on them), as one shape. */
export function answer(p: Promise<any>): Promise<Answer> {
  return p
    .then((r: any) => ({ status: r.status, data: r.data, headers: r.headers }))
    .catch((e: any) => {
      if (!e.response) throw e
      return {
        status: e.response.status,
        data: e.response.data,
        headers: e.response.headers,
      }
    })
}

/** What the plugin sent to the Notification Module, attachments included (Medusa stores no attachments). */
export function captureNotifications(container: MedusaContainer) {
  const notifications = container.resolve(Modules.NOTIFICATION)
  const spy = jest.spyOn(notifications, "createNotifications")
  return {
    sent: () =>
      spy.mock.calls.flatMap(([n]) => (Array.isArray(n) ? n : [n])) as any[],
    restore: () => spy.mockRestore(),
  }
}
