import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { entityId } from "../../lib/entity-id"
import { JOB_RUN_SETTING_PREFIX, type JobRunRecord } from "../../lib/jobs"

export const RETURN_REFUSALS_SETTING = "returns.refused"

/** One atomic statement so concurrent refusals all count; a counter only, no order or customer kept. */
export async function countReturnRefusal(
  knex: Knex,
  reason: string
): Promise<Record<string, unknown>> {
  const { rows } = await knex.raw(
    `insert into shipping_services_setting (id, key, value)
     values (?, ?, jsonb_build_object(?::text, 1, 'last_at', now()))
     on conflict (key) where deleted_at is null do update set
       value = shipping_services_setting.value || jsonb_build_object(
         ?::text, coalesce((shipping_services_setting.value ->> ?)::int, 0) + 1,
         'last_at', now()),
       updated_at = now()
     returning value`,
    [entityId("ssset"), RETURN_REFUSALS_SETTING, reason, reason, reason]
  )
  return (rows as { value: Record<string, unknown> }[])[0]?.value ?? {}
}

/** As runJob recorded them. */
export async function jobRuns(
  listSettings: (filters: {
    key: { $like: string }
  }) => Promise<{ key: string; value: unknown }[]>
): Promise<({ name: string } & JobRunRecord)[]> {
  const rows = await listSettings({
    key: { $like: `${JOB_RUN_SETTING_PREFIX}%` },
  })
  return rows.map((r) => ({
    name: r.key.slice(JOB_RUN_SETTING_PREFIX.length),
    ...(r.value as unknown as JobRunRecord),
  }))
}
