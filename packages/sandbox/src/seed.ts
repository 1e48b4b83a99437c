import type { SandboxAccount, SandboxContactSeed } from "./options"
import type { World } from "./world"

/** The state a fresh sandbox starts with: the configured accounts and their contacts. */
export function seedState(world: World): void {
  world.store.clear()
  world.scenario.default = world.options.scenario
  for (const a of world.options.accounts) seedAccount(world, a)
  for (const c of world.options.contacts) seedContact(world, c)
}

export function seedAccount(world: World, a: SandboxAccount): void {
  world.store.addAccount({
    ...a,
    developerPartnerId: a.developerPartnerId ?? `partner-${a.apiKey}`,
  })
}

export function seedContact(world: World, c: SandboxContactSeed): void {
  const apiKey = c.apiKey ?? world.options.accounts[0]!.apiKey
  if (!world.store.accounts.has(apiKey))
    throw new RangeError(`contact ${c.contactId}: no account ${apiKey}`)
  world.store.putContact({
    contactId: c.contactId,
    apiKey,
    name: c.name,
    ...(c.idType !== undefined ? { idType: c.idType } : {}),
    ...(c.company !== undefined ? { company: c.company } : {}),
    ...(c.email !== undefined ? { email: c.email } : {}),
    ...(c.phone !== undefined ? { phone: c.phone } : {}),
  })
}
