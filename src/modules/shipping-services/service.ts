import {
  ContainerRegistrationKeys,
  MedusaService,
} from "@medusajs/framework/utils"
import type { Logger } from "@medusajs/framework/types"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { parsePluginOptions, type PluginOptions } from "../../options"
import { checkFileStorage } from "../../options/file-storage"
import { lifecycleHooks, type LifecycleHooks } from "./hooks"
import { TrackingEventWriter, type WriterKnex } from "./event-writer"
import { Leases, type LeaseKnex } from "./leases"
import { ServiceAvailability, type AvailabilityKnex } from "./availability"
import {
  DocumentStore,
  type DocumentSource,
  type MoveReport,
  type NewDocument,
} from "./documents"
import { DocumentRetention } from "./retention"
import { DocumentVersions, type DocumentList } from "./document-versions"
import { AutoFulfillmentAttempts as Attempts } from "./auto-fulfillment-attempts"
import { AutoFulfillmentQueue as Queue } from "./auto-fulfillment-queue"
import { LabelJournal as Journal } from "./label-journal"
import { TrackingWrites as Tracking } from "./tracking-writes"
import { BatchWrites as Batches } from "./batch-writes"
import { MedusaTables as Medusa } from "./medusa-tables"
import { HealthQueries as Health, REGISTRATION_FIELDS } from "./health-figures"
import { WebhookKeys as Keys } from "./webhook-keys"
import {
  markOrdersChanged,
  readSpendReport,
  type SpendFilter,
} from "./spend-report"
import {
  claimJobRestoration,
  countReturnRefusal,
  jobRuns,
  jobsRestored,
} from "./setting-rows"
import {
  AutoFulfillment,
  Batch,
  BatchItem,
  Document,
  Setting,
  Shipment,
  TrackingEvent,
  WebhookRegistration,
} from "./models"

export type { NewDocument, DocumentSource, MoveReport }
export type { SettledAutoFulfillment } from "./auto-fulfillment-queue"
export type { ShipmentTrackingFields } from "./tracking-writes"
export type { HealthFigures } from "./health-figures"
export { PREVIOUS_KEY_GRACE_MS } from "./webhook-keys"
export { RETURN_REFUSALS_SETTING } from "./setting-rows"

type InjectedDependencies = {
  logger: Logger
  [ContainerRegistrationKeys.PG_CONNECTION]: unknown
  [ContainerRegistrationKeys.CONFIG_MODULE]?: { modules?: unknown }
}

/** Generated CRUD plus an accessor per concern for writes and reads that must be one SQL statement each. */
export default class ShippingServicesModuleService extends MedusaService({
  Shipment,
  TrackingEvent,
  WebhookRegistration,
  AutoFulfillment,
  Setting,
  Document,
  Batch,
  BatchItem,
}) {
  protected readonly options_: PluginOptions
  protected readonly pg_: () => Knex
  protected readonly eventWriter_: TrackingEventWriter
  protected readonly leases_: Leases
  protected readonly availability_: ServiceAvailability
  protected readonly documents_: DocumentStore
  protected readonly retention_: DocumentRetention
  protected readonly versions_: DocumentVersions
  protected readonly attempts_: Attempts
  protected readonly queue_: Queue
  protected readonly journal_: Journal
  protected readonly tracking_: Tracking
  protected readonly batches_: Batches
  protected readonly medusa_: Medusa
  protected readonly health_: Health
  protected readonly keys_: Keys
  /** Read by Medusa once every module is loaded. */
  readonly __hooks: LifecycleHooks

  constructor(container: InjectedDependencies, options: unknown) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    // Validated by the module loader at boot; parsing again yields the defaults.
    this.options_ = parsePluginOptions(options)
    this.pg_ = () => container[ContainerRegistrationKeys.PG_CONNECTION] as Knex
    this.eventWriter_ = new TrackingEventWriter(
      () => this.pg_() as unknown as WriterKnex
    )
    this.documents_ = new DocumentStore(this.pg_, () => {
      // file-local has no presigned URLs, so those files go through the admin route.
      let modules: unknown
      try {
        modules = container[ContainerRegistrationKeys.CONFIG_MODULE]?.modules
      } catch {
        modules = undefined
      }
      const check = checkFileStorage(modules, process.cwd())
      return check.ok ? check.delivery : "presigned"
    })
    this.retention_ = new DocumentRetention(this.pg_, this.documents_)
    this.versions_ = new DocumentVersions(
      (filters, config) =>
        this.listDocuments(
          filters,
          config as never
        ) as ReturnType<DocumentList>,
      this.documents_
    )
    this.availability_ = new ServiceAvailability(
      () => this.pg_() as unknown as AvailabilityKnex
    )
    this.leases_ = new Leases(
      () => this.pg_() as unknown as LeaseKnex,
      this.options_.recovery.leaseSeconds * 1000
    )
    this.attempts_ = new Attempts(this.pg_, this.leases_)
    this.queue_ = new Queue(
      this.pg_,
      () => this.options_.autoFulfill.maxAttempts,
      {
        exists: async (orderId) =>
          (
            await this.listAutoFulfillments(
              { order_id: orderId },
              { select: ["id"] }
            )
          ).length > 0,
        create: (fields) => this.createAutoFulfillments(fields as never),
      }
    )
    this.journal_ = new Journal(this.pg_)
    this.tracking_ = new Tracking(this.pg_)
    this.batches_ = new Batches(this.pg_)
    this.medusa_ = new Medusa(this.pg_)
    this.health_ = new Health(this.pg_, {
      registrations: () =>
        this.listWebhookRegistrations({}, { select: [...REGISTRATION_FIELDS] }),
      jobs: () => this.jobRuns(),
    })
    this.keys_ = new Keys(
      async (type) => (await this.listWebhookRegistrations({ type }))[0],
      () => this.options_.webhook.headerName
    )
    this.__hooks = lifecycleHooks(this, container.logger, this.leases_)
  }

  /** Secrets included: never log or return them as they are. */
  getOptions(): PluginOptions {
    return this.options_
  }

  /** Shared by every process (the outage breaker). */
  availability(): ServiceAvailability {
    return this.availability_
  }

  leases(): Leases {
    return this.leases_
  }

  retention(): DocumentRetention {
    return this.retention_
  }

  /** Cached per process. */
  keys(): Keys {
    return this.keys_
  }

  /** Batched across concurrent calls. */
  trackingEvents(): TrackingEventWriter {
    return this.eventWriter_
  }

  tracking(): Tracking {
    return this.tracking_
  }

  attempts(): Attempts {
    return this.attempts_
  }

  queue(): Queue {
    return this.queue_
  }

  journal(): Journal {
    return this.journal_
  }

  batches(): Batches {
    return this.batches_
  }

  documents(): DocumentStore {
    return this.documents_
  }

  versions(): DocumentVersions {
    return this.versions_
  }

  medusa(): Medusa {
    return this.medusa_
  }

  health(): Health {
    return this.health_
  }

  /** Also deletes File Module files, which the generated delete would leave behind. */
  // @ts-expect-error narrows MedusaService's generated signature to ids, the only form used
  override async deleteDocuments(ids: string | string[]): Promise<void> {
    await this.documents_.remove(Array.isArray(ids) ? ids : [ids])
  }

  spendReport(filter: SpendFilter) {
    return readSpendReport(this.pg_(), filter)
  }

  /** The next spend report recomputes these orders. */
  spendOrdersChanged(orderIds: string[]) {
    return markOrdersChanged(this.pg_(), orderIds)
  }

  jobRuns() {
    return jobRuns((filters) => this.listSettings(filters))
  }

  /** Shared by the workers' schedule keepers: one registers a late job again. */
  jobRestorations() {
    return {
      read: () => jobsRestored(this.pg_()),
      claim: (job: string, seen: string | null, at: string | null) =>
        claimJobRestoration(this.pg_(), job, seen, at),
    }
  }

  countReturnRefusal(reason: string): Promise<Record<string, unknown>> {
    return countReturnRefusal(this.pg_(), reason)
  }
}
