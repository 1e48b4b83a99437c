import { z } from "@medusajs/framework/zod"

/** Bodies of the plugin's admin routes (validated in src/api/middlewares.ts). */

/** POST /admin/shipping-services/webhooks/re-register: no fields. */
export const AdminReRegisterWebhooks = z.strictObject({})
export type AdminReRegisterWebhooksType = z.infer<
  typeof AdminReRegisterWebhooks
>

/** POST /admin/shipping-services/webhooks/rotate-key: one type, or every registered one. */
export const AdminRotateWebhookKey = z.strictObject({
  type: z.enum(["tracking", "locker"]).optional(),
})
export type AdminRotateWebhookKeyType = z.infer<typeof AdminRotateWebhookKey>

const contactField = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(100, "has at most 100 characters")

/** POST /admin/shipping-services/contact: the fields to set (doc 3 partial update). */
export const AdminUpdateContact = z
  .strictObject({
    name: contactField.optional(),
    company: contactField.optional(),
  })
  .refine((v) => v.name !== undefined || v.company !== undefined, {
    message: "give name or company",
  })
export type AdminUpdateContactType = z.infer<typeof AdminUpdateContact>
