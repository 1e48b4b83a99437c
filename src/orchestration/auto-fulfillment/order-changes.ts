import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import type { LineChange } from "../../lib/auto-fulfillment/groups"

/** What the fulfillment plan reads of an order's changes (Medusa's order module). */

export type Changes = {
  /** Lines an exchange or a claim added, with it. */
  addedBy: Map<string, LineChange>
  /** Every line a confirmed change added (exchanges, claims, edits). */
  addedLines: Set<string>
  /** The change that added each shipping method. */
  methodChange: Map<
    string,
    {
      exchange_id?: string | null
      claim_id?: string | null
      return_id?: string | null
    }
  >
}

export const NO_CHANGES: Changes = {
  addedBy: new Map(),
  addedLines: new Set(),
  methodChange: new Map(),
}

/** What the order's changes added (Medusa's ITEM_ADD and SHIPPING_ADD actions). */
export async function changesOf(
  container: MedusaContainer,
  orderId: string
): Promise<Changes> {
  const actions = (await container
    .resolve(Modules.ORDER)
    .listOrderChangeActions(
      // Columns of the action the declared filter type leaves out.
      { order_id: orderId, action: ["ITEM_ADD", "SHIPPING_ADD"] } as Record<
        string,
        unknown
      >,
      {
        select: [
          "action",
          "details",
          "reference_id",
          "exchange_id",
          "claim_id",
          "return_id",
        ],
        take: 1_000,
      }
    )) as unknown as {
    action: string
    details?: { reference_id?: string } | null
    reference_id?: string | null
    exchange_id?: string | null
    claim_id?: string | null
    return_id?: string | null
  }[]
  const changes: Changes = {
    addedBy: new Map(),
    addedLines: new Set(),
    methodChange: new Map(),
  }
  for (const a of actions) {
    const ref = a.details?.reference_id ?? a.reference_id
    if (!ref) continue
    if (a.action === "ITEM_ADD") {
      changes.addedLines.add(ref)
      if (a.exchange_id || a.claim_id)
        changes.addedBy.set(ref, {
          exchange_id: a.exchange_id ?? null,
          claim_id: a.claim_id ?? null,
        })
    } else
      changes.methodChange.set(ref, {
        exchange_id: a.exchange_id ?? null,
        claim_id: a.claim_id ?? null,
        return_id: a.return_id ?? null,
      })
  }
  return changes
}

/** Whether an exchange, claim, edit or return of the order is being made. */
export async function hasActiveChange(
  container: MedusaContainer,
  orderId: string
): Promise<boolean> {
  const active = await container
    .resolve(Modules.ORDER)
    .listOrderChanges(
      { order_id: orderId, status: ["pending", "requested"] },
      { select: ["id"], take: 1 }
    )
  return active.length > 0
}
