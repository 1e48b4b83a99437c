import type ShippingServicesModuleService from "./service"

/** Small plugin state in the Setting model (key unique, value json). */
export async function readSetting<T = unknown>(shipping: ShippingServicesModuleService, key: string): Promise<T | undefined> {
  const [row] = await shipping.listSettings({ key })
  return (row?.value as T | undefined) ?? undefined
}

export async function writeSetting(shipping: ShippingServicesModuleService, key: string, value: Record<string, unknown>): Promise<void> {
  const [row] = await shipping.listSettings({ key })
  if (row) {
    await shipping.updateSettings({ id: row.id, value })
    return
  }
  try {
    await shipping.createSettings({ key, value })
  } catch (error) {
    // Another writer created it first (unique key): write over theirs.
    const [again] = await shipping.listSettings({ key })
    if (!again) throw error
    await shipping.updateSettings({ id: again.id, value })
  }
}

export async function deleteSetting(shipping: ShippingServicesModuleService, key: string): Promise<void> {
  const rows = await shipping.listSettings({ key })
  if (rows.length) await shipping.deleteSettings(rows.map((r) => r.id))
}
