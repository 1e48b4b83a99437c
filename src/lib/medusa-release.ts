import { createRequire } from "node:module"

/**
 * What the plugin relies on that not every Medusa 2.x it supports does, by the first release
 * that does it. Where a release cannot do a thing safely the plugin refuses it in words.
 */
export const MEDUSA_SINCE = {
  /** Medusa's order fulfillment hands the request's `additional_data` to the provider. */
  passesAdditionalData: "2.19.0",
  /** GET /store/orders/:id answers only the fields Medusa allows there (a fulfillment's labels are not). */
  limitsStoreOrderFields: "2.21.0",
  /** Medusa's S3 file provider keeps a file name's folders (`shipping-services/label/…`); before, the key is the bare name. */
  s3KeepsFolders: "2.19.0",
  /** `medusa db:migrate --skip-search` (the tests' template database skips the search index). */
  migrateSkipsSearch: "2.19.0",
} as const

export type MedusaAbility = keyof typeof MEDUSA_SINCE

let installed: string | undefined

/** The version of the app's @medusajs/medusa (the Medusa the plugin runs in). */
export function medusaVersion(): string {
  installed ??= (
    createRequire(__filename)("@medusajs/medusa/package.json") as {
      version: string
    }
  ).version
  return installed
}

const parts = (v: string) =>
  v
    .split("-")[0]!
    .split(".")
    .map((n) => Number(n) || 0)

/** Whether that Medusa (the installed one by default) does the thing. */
export function medusaCan(
  ability: MedusaAbility,
  version: string = medusaVersion()
): boolean {
  const [have, need] = [parts(version), parts(MEDUSA_SINCE[ability])]
  for (let i = 0; i < 3; i++)
    if ((have[i] ?? 0) !== (need[i] ?? 0))
      return (have[i] ?? 0) > (need[i] ?? 0)
  return true
}
