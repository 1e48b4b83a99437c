import type ShippingServicesModuleService from "./service"

/** Small plugin state (key unique, value json). */
export async function readSetting<T = unknown>(
  shipping: ShippingServicesModuleService,
  key: string
): Promise<T | undefined> {
  const [row] = await shipping.listSettings({ key })
  return (row?.value as T | undefined) ?? undefined
}

export async function writeSetting(
  shipping: ShippingServicesModuleService,
  key: string,
  value: Record<string, unknown>
): Promise<void> {
  const [row] = await shipping.listSettings({ key })
  if (row) {
    await shipping.updateSettings({ id: row.id, value })
    return
  }
  try {
    await shipping.createSettings({ key, value })
  } catch (error) {
    // Another writer created it first: write over theirs.
    const [again] = await shipping.listSettings({ key })
    if (!again) throw error
    await shipping.updateSettings({ id: again.id, value })
  }
}

export async function deleteSetting(
  shipping: ShippingServicesModuleService,
  key: string
): Promise<void> {
  const rows = await shipping.listSettings({ key })
  if (rows.length) await shipping.deleteSettings(rows.map((r) => r.id))
}

type Settings = ShippingServicesModuleService

/** `undefined`: there was none. */
export type PreviousSetting = {
  key: string
  value: Record<string, unknown> | undefined
}

/** Returns the previous value, for compensation. */
export async function writeSettingKeepingPrevious(
  settings: Settings,
  key: string,
  value: Record<string, unknown>
): Promise<PreviousSetting> {
  const previous = await readSetting<Record<string, unknown>>(settings, key)
  await writeSetting(settings, key, value)
  return { key, value: previous }
}

/** Compensation: deleted when there was none. */
export async function restoreSetting(
  settings: Settings,
  previous: PreviousSetting | null | undefined
): Promise<void> {
  if (!previous) return
  if (previous.value === undefined) await deleteSetting(settings, previous.key)
  else await writeSetting(settings, previous.key, previous.value)
}
