/**
 * The demo's print batch: the demo's orders, labelled already, printed as one batch
 * (`mode: "print"`: nothing is bought) and its PDF — labels, packing slips and the cross-border
 * order's commercial invoice — saved under .demo/labels/. Kept apart from scripts/demo.ts so the
 * demo itself only calls it.
 */
import { writeFileSync } from "node:fs"
import path from "node:path"
import type { Api } from "../dev/seed/api"
import { waitFor } from "../dev/wait"

export async function printBatchPdf(
  api: Api,
  backend: string,
  authorization: string,
  orderIds: string[],
  outDir: string
): Promise<string> {
  const headers = { headers: { authorization } }
  const { data } = await api.post(
    "/admin/shipping-services/batches",
    { order_ids: orderIds, mode: "print" },
    headers
  )
  const id = data.batch.id as string
  const batch = await waitFor(
    async () => {
      const { data: view } = await api.get(
        `/admin/shipping-services/batches/${id}`,
        headers
      )
      return view.batch.status === "done" ? view.batch : undefined
    },
    `print batch ${id}`,
    60_000,
    250
  )
  const file = (
    batch.files as { kind: string; download_url: string; file_name: string }[]
  ).find((f) => f.kind === "combined")
  if (!file)
    return `(batch ${id} made no PDF${batch.print_error ? `: ${batch.print_error}` : ""})`
  const res = await fetch(`${backend}${file.download_url}`, {
    headers: { authorization },
  })
  if (!res.ok) return `(batch PDF download answered ${res.status})`
  const out = path.join(outDir, "labels", file.file_name)
  writeFileSync(out, Buffer.from(await res.arrayBuffer()))
  return path.relative(process.cwd(), out)
}
