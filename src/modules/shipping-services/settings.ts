import type ShippingServicesModuleService from "./service"

/** Small plugin state in the Setting model (key unique, value json). */
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
    // Another writer created it first (unique key): write over theirs.
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

/** A setting's value before a step wrote it (`undefined`: there was none). */
export type PreviousSetting = {
  key: string
  value: Record<string, unknown> | undefined
}

/** Writes a setting and returns its previous value, for compensation. */
export async function writeSettingKeepingPrevious(
  settings: Settings,
  key: string,
  value: Record<string, unknown>
): Promise<PreviousSetting> {
  const previous = await readSetting<Record<string, unknown>>(settings, key)
  await writeSetting(settings, key, value)
  return { key, value: previous }
}

/** Compensation: the setting as it was (deleted when there was none). */
export async function restoreSetting(
  settings: Settings,
  previous: PreviousSetting | null | undefined
): Promise<void> {
  if (!previous) return
  if (previous.value === undefined) await deleteSetting(settings, previous.key)
  else await writeSetting(settings, previous.key, previous.value)
}
