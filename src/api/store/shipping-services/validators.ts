import { z } from "@medusajs/framework/zod"

/** POST /store/shipping-services/carts/:id/check: the shipping option to check the cart against. */
export const StoreCheckCart = z.strictObject({
  option_id: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(100, "has at most 100 characters"),
})
export type StoreCheckCartType = z.infer<typeof StoreCheckCart>

const whole = (min: number, max: number, fallback: number) => {
  const rule = `must be a whole number from ${min} to ${max}`
  return z
    .string({ error: rule })
    .regex(/^\d{1,4}$/, rule)
    .transform(Number)
    .refine((n) => n >= min && n <= max, rule)
    .optional()
    .transform((n) => n ?? fallback)
}

/** GET /store/shipping-services/orders/:id/returns/:return_id/label: parcel, page, download. */
export const StoreReturnLabelQuery = z.object({
  /** Which parcel of the return (1-based, as `parcel_number` in the returns route). */
  parcel: whole(1, 100, 1),
  /** Which page of the label (0-based, as the admin's label route). */
  page: whole(0, 1000, 0),
  download: z.enum(["0", "1"], { error: "must be 0 or 1" }).optional(),
})
export type StoreReturnLabelQueryType = z.infer<typeof StoreReturnLabelQuery>
