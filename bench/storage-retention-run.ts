/**
 * Runs inside the app (`medusa exec bench/storage-retention-run.ts <nowMs>`, started by
 * bench/storage.ts): one retention run through the job's code path (the orchestration's loop of
 * bounded workflow runs, under the Locking Module's lock) with the clock at `nowMs`. Prints one
 * line: STORAGE-RETENTION {json}.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { removeExpiredDocuments } from "../src/orchestration/documents/document-retention"

export default async function run({
  container,
  args,
}: {
  container: MedusaContainer
  args: string[]
}) {
  const now = new Date(Number(args[0] ?? Date.now()))
  const startedAt = Date.now()
  const report = await removeExpiredDocuments(container, { now })
  const endedAt = Date.now()
  console.log(
    `STORAGE-RETENTION ${JSON.stringify({ ...report, started_at: startedAt, ended_at: endedAt })}`
  )
}
