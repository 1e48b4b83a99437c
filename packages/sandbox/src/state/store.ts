import type { Counters } from "../ids"
import type {
  Account,
  ContactRecord,
  FileRecord,
  ManifestRecord,
  ShipmentRecord,
  TokenRecord,
  WebhookConfigRecord,
} from "./model"

/** Everything the sandbox knows, as a JSON-friendly snapshot (the state file's content). */
export type StateDump = {
  version: 1
  clock: { nowMs: number; speed: number; advancedMs: number }
  counters: Counters
  defaultScenario: string
  accounts: Account[]
  tokens: TokenRecord[]
  webhookConfigs: WebhookConfigRecord[]
  shipments: ShipmentRecord[]
  contacts: ContactRecord[]
  manifests: ManifestRecord[]
  files: FileRecord[]
}

const key = (apiKey: string, id: string) => `${apiKey}\u0000${id}`

/**
 * The sandbox's in-memory state. Lookups are keyed by account where the resource belongs to
 * one (webhook configurations, shipments, contacts, transaction ids); tracking numbers are global
 * because tracking is public.
 */
export class SandboxStore {
  readonly accounts = new Map<string, Account>()
  readonly tokens = new Map<string, TokenRecord>()
  /** Insertion order is the list order of doc 1's list operation. */
  readonly webhookConfigs = new Map<string, WebhookConfigRecord>()
  readonly shipments = new Map<string, ShipmentRecord>()
  readonly contacts = new Map<string, ContactRecord>()
  readonly manifests = new Map<string, ManifestRecord>()
  readonly files = new Map<string, FileRecord>()
  private readonly byTracking = new Map<string, ShipmentRecord>()
  private readonly byTransaction = new Map<string, ShipmentRecord>()
  /** Mutated in place: the id factory holds this object. */
  readonly counters: Counters = {}

  addAccount(account: Account): void {
    this.accounts.set(account.apiKey, account)
  }

  addShipment(s: ShipmentRecord): void {
    this.shipments.set(s.shipmentId, s)
    this.byTracking.set(s.parcelTrackingNumber, s)
    this.byTransaction.set(key(s.apiKey, s.transactionId), s)
  }

  shipment(apiKey: string, shipmentId: string): ShipmentRecord | undefined {
    const s = this.shipments.get(shipmentId)
    return s && s.apiKey === apiKey ? s : undefined
  }

  shipmentByTracking(trackingNumber: string): ShipmentRecord | undefined {
    return this.byTracking.get(trackingNumber)
  }

  shipmentByTransaction(
    apiKey: string,
    transactionId: string
  ): ShipmentRecord | undefined {
    return this.byTransaction.get(key(apiKey, transactionId))
  }

  webhookConfigsOf(apiKey: string): WebhookConfigRecord[] {
    const out: WebhookConfigRecord[] = []
    for (const c of this.webhookConfigs.values())
      if (c.apiKey === apiKey) out.push(c)
    return out
  }

  webhookConfig(apiKey: string, id: string): WebhookConfigRecord | undefined {
    const c = this.webhookConfigs.get(id)
    return c && c.apiKey === apiKey ? c : undefined
  }

  putContact(c: ContactRecord): void {
    this.contacts.set(key(c.apiKey, c.contactId), c)
  }

  contact(apiKey: string, contactId: string): ContactRecord | undefined {
    return this.contacts.get(key(apiKey, contactId))
  }

  contactsOf(apiKey: string): ContactRecord[] {
    return [...this.contacts.values()].filter((c) => c.apiKey === apiKey)
  }

  clear(): void {
    for (const m of [
      this.accounts,
      this.tokens,
      this.webhookConfigs,
      this.shipments,
      this.contacts,
      this.manifests,
      this.files,
    ]) {
      m.clear()
    }
    this.byTracking.clear()
    this.byTransaction.clear()
    for (const k of Object.keys(this.counters)) delete this.counters[k]
  }

  dump(clock: StateDump["clock"], defaultScenario: string): StateDump {
    return {
      version: 1,
      clock,
      counters: { ...this.counters },
      defaultScenario,
      accounts: [...this.accounts.values()],
      tokens: [...this.tokens.values()],
      webhookConfigs: [...this.webhookConfigs.values()],
      shipments: [...this.shipments.values()],
      contacts: [...this.contacts.values()],
      manifests: [...this.manifests.values()],
      files: [...this.files.values()],
    }
  }

  load(dump: StateDump): void {
    this.clear()
    Object.assign(this.counters, dump.counters)
    for (const a of dump.accounts) this.addAccount(a)
    for (const t of dump.tokens) this.tokens.set(t.token, t)
    for (const c of dump.webhookConfigs)
      this.webhookConfigs.set(c.webHookConfigID, c)
    for (const s of dump.shipments) this.addShipment(s)
    for (const c of dump.contacts) this.putContact(c)
    for (const m of dump.manifests) this.manifests.set(m.manifestId, m)
    for (const f of dump.files) this.files.set(f.fileId, f)
  }
}
