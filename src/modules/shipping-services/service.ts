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
import { countReturnRefusal, jobRuns } from "./setting-rows"
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

/**
 * The plugin's module service: Medusa's generated CRUD of the data models, and an accessor per
 * concern for the writes and reads that must be one SQL statement each (the automatic
 * fulfillment's attempts and queue, the label journal, tracking, print batches, documents,
 * Health, Medusa's own tables, webhook keys). Each method's why is with its concern.
 */
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
  /** Read by Medusa (MedusaModule.onApplicationStart) once every module is loaded. */
  readonly __hooks: LifecycleHooks

  constructor(container: InjectedDependencies, options: unknown) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    // Validated already by the module loader at boot; parsing again yields the defaults.
    this.options_ = parsePluginOptions(options)
    this.pg_ = () => container[ContainerRegistrationKeys.PG_CONNECTION] as Knex
    this.eventWriter_ = new TrackingEventWriter(
      () => this.pg_() as unknown as WriterKnex
    )
    this.documents_ = new DocumentStore(this.pg_, () => {
      // How admins download files of the File Module: presigned URLs, or through the admin route
      // for file-local (which has none); the boot check refused a provider that serves them publicly.
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

  /** The plugin's validated options (secrets included: never log or return them as they are). */
  getOptions(): PluginOptions {
    return this.options_
  }

  /** The service's availability as every process shares it (the outage breaker). */
  availability(): ServiceAvailability {
    return this.availability_
  }

  /** This process's leases on shipment and auto-fulfillment rows (crash recovery). */
  leases(): Leases {
    return this.leases_
  }

  /** Which stored documents are past their retention, and their removal. */
  retention(): DocumentRetention {
    return this.retention_
  }

  /** The webhook keys a delivery may carry, cached per process. */
  keys(): Keys {
    return this.keys_
  }

  /** Tracking events as they arrive, written once each in batches shared by concurrent calls. */
  trackingEvents(): TrackingEventWriter {
    return this.eventWriter_
  }

  /** Tracking events linked to their shipments and applied, and a shipment's tracking fields. */
  tracking(): Tracking {
    return this.tracking_
  }

  /** An automatic fulfillment's attempts: claimed, started, finished, released. */
  attempts(): Attempts {
    return this.attempts_
  }

  /** An order's place in the automatic fulfillment's queue outside an attempt. */
  queue(): Queue {
    return this.queue_
  }

  /** The label journal: shipment rows, their documents, printed marks. */
  journal(): Journal {
    return this.journal_
  }

  /** Print batches' state and items. */
  batches(): Batches {
    return this.batches_
  }

  /** The bytes of stored documents, wherever they are kept. */
  documents(): DocumentStore {
    return this.documents_
  }

  /** Versions of stored documents (a reprint adds one). */
  versions(): DocumentVersions {
    return this.versions_
  }

  /** Medusa's own tables, read with SQL where its modules have no such query. */
  medusa(): Medusa {
    return this.medusa_
  }

  /** Health's figures. */
  health(): Health {
    return this.health_
  }

  /**
   * Deletes documents by id, their files in the File Module included (the generated delete would
   * leave those behind). Never a soft delete: a check on the table refuses one.
   */
  // @ts-expect-error narrows MedusaService's generated signature to ids, the only form used
  override async deleteDocuments(ids: string | string[]): Promise<void> {
    await this.documents_.remove(Array.isArray(ids) ? ids : [ids])
  }

  /** The shipping spend report's rows, in one statement. */
  spendReport(filter: SpendFilter) {
    return readSpendReport(this.pg_(), filter)
  }

  /** Medusa changed these orders: the next spend report recomputes what their shoppers paid. */
  spendOrdersChanged(orderIds: string[]) {
    return markOrdersChanged(this.pg_(), orderIds)
  }

  /** Each scheduled job's last run. */
  jobRuns() {
    return jobRuns((filters) => this.listSettings(filters))
  }

  /** Counts one refused return creation. */
  countReturnRefusal(reason: string): Promise<Record<string, unknown>> {
    return countReturnRefusal(this.pg_(), reason)
  }
}
