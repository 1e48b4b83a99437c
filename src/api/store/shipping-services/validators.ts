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
