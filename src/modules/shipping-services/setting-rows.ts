import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { entityId } from "../../lib/entity-id"
import { JOB_RUN_SETTING_PREFIX, type JobRunRecord } from "../../lib/jobs"

export const RETURN_REFUSALS_SETTING = "returns.refused"
export const JOB_RESTORED_SETTING = "job-schedules.restored"

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

/** When a keeper last registered each job's schedule again, across the processes. */
export async function jobsRestored(
  knex: Knex
): Promise<Record<string, string | null>> {
  const { rows } = await knex.raw(
    `select value from shipping_services_setting where key = ? and deleted_at is null`,
    [JOB_RESTORED_SETTING]
  )
  return (rows as { value: Record<string, string | null> }[])[0]?.value ?? {}
}

/** Compare-and-set on what the caller read: of two processes that found the job late, one wins. */
export async function claimJobRestoration(
  knex: Knex,
  job: string,
  seen: string | null,
  at: string | null
): Promise<boolean> {
  const { rows } = await knex.raw(
    `insert into shipping_services_setting (id, key, value)
     values (?, ?, jsonb_build_object(?::text, ?::text))
     on conflict (key) where deleted_at is null do update set
       value = shipping_services_setting.value || excluded.value,
       updated_at = now()
     where (shipping_services_setting.value ->> ?) is not distinct from ?::text
     returning id`,
    [entityId("ssset"), JOB_RESTORED_SETTING, job, at, job, seen]
  )
  return (rows as unknown[]).length > 0
}
