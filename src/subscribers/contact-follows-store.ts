import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { followStoreName } from "../orchestration/contact/contact"
import { inFlight } from "../lib/in-flight"

/**
 * Store updated. Medusa 2.21 has no store event in its workflow events; the Store Module emits
 * its entity event `store.store.updated` `{ id }` (source "store", object "store") for every
 * change of a store row, the admin's "Edit store" included — seen on 2.21.2, checked by
 * integration-tests/http/contact.spec.ts; `store.updated` is listened to as well in case a later
 * version names it so. There is no name-specific event:
 * when the sender company follows the store's name (options.contact.company not set), the new
 * name is sent to the service. Nothing is sent when the name did not change (the update only
 * sends what differs from the last saved contact).
 */
export default async function contactFollowsStore({
  event,
  container,
}: SubscriberArgs<{ id: string }>) {
  try {
    await inFlight(() => followStoreName(container, event.data.id))
  } catch (error) {
    container
      .resolve(ContainerRegistrationKeys.LOGGER)
      .warn(
        `shipping-services: could not send the new store name to the service as sender company: ${error instanceof Error ? error.message : String(error)}`
      )
  }
}

export const config: SubscriberConfig = {
  event: ["store.store.updated", "store.updated"],
  context: { subscriberId: "shipping-services-contact-follows-store" },
}
