import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { followStoreName } from "../orchestration/contact/contact"
import { inFlight } from "../lib/in-flight"

/**
 * The sender company follows the store's name (contact.company unset); only a changed name is sent.
 * Medusa emits the Store Module's entity event `store.store.updated` for "Edit store" (an HTTP test
 * checks it); `store.updated` too, should a later version name it so.
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
