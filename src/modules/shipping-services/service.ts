import {
  ContainerRegistrationKeys,
  MedusaService,
} from "@medusajs/framework/utils"
import type { Logger } from "@medusajs/framework/types"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { parsePluginOptions, type PluginOptions } from "../../options"
import { checkFileStorage } from "../../options/file-storage"
import type { DocumentStorage } from "../../options/schema"
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
 * The plugin's module service: Medusa's generated CRUD of the data models, and the writes and
 * reads that must be one SQL statement each, delegated to the file of their concern (attempts
 * and queue of the automatic fulfilment, the label journal, tracking writes, print batches,
 * documents, Health figures, Medusa's own tables, webhook keys). Each method's why is there.
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

  /** This process's leases on shipment and auto-fulfilment rows (crash recovery). */
  leases(): Leases {
    return this.leases_
  }

  /** Retention's SQL (src/modules/shipping-services/retention.ts). */
  retention(): DocumentRetention {
    return this.retention_
  }

  // Webhook keys (webhook-keys.ts)
  acceptedWebhookKeys(...a: Parameters<Keys["acceptedWebhookKeys"]>) {
    return this.keys_.acceptedWebhookKeys(...a)
  }
  cachedWebhookKeys(...a: Parameters<Keys["cachedWebhookKeys"]>) {
    return this.keys_.cachedWebhookKeys(...a)
  }
  forgetWebhookKeys(): void {
    this.keys_.forgetWebhookKeys()
  }

  // Tracking (event-writer.ts, tracking-writes.ts)
  writeTrackingEvents(...a: Parameters<TrackingEventWriter["write"]>) {
    return this.eventWriter_.write(...a)
  }
  linkTrackingEvents(...a: Parameters<Tracking["linkTrackingEvents"]>) {
    return this.tracking_.linkTrackingEvents(...a)
  }
  markTrackingEventsProcessed(
    ...a: Parameters<Tracking["markTrackingEventsProcessed"]>
  ) {
    return this.tracking_.markTrackingEventsProcessed(...a)
  }
  recordShipmentTracking(...a: Parameters<Tracking["recordShipmentTracking"]>) {
    return this.tracking_.recordShipmentTracking(...a)
  }

  // An automatic fulfilment's attempts (auto-fulfillment-attempts.ts)
  claimAutoFulfillmentAttempt(
    ...a: Parameters<Attempts["claimAutoFulfillmentAttempt"]>
  ) {
    return this.attempts_.claimAutoFulfillmentAttempt(...a)
  }
  startAutoFulfillment(...a: Parameters<Attempts["startAutoFulfillment"]>) {
    return this.attempts_.startAutoFulfillment(...a)
  }
  finishAutoFulfillment(...a: Parameters<Attempts["finishAutoFulfillment"]>) {
    return this.attempts_.finishAutoFulfillment(...a)
  }
  releaseAutoFulfillmentAttempt(
    ...a: Parameters<Attempts["releaseAutoFulfillmentAttempt"]>
  ) {
    return this.attempts_.releaseAutoFulfillmentAttempt(...a)
  }
  noteAutoFulfillmentError(
    ...a: Parameters<Attempts["noteAutoFulfillmentError"]>
  ) {
    return this.attempts_.noteAutoFulfillmentError(...a)
  }
  recordAutoFulfillmentError(
    ...a: Parameters<Attempts["recordAutoFulfillmentError"]>
  ) {
    return this.attempts_.recordAutoFulfillmentError(...a)
  }

  // An order's place in the automatic fulfilment's queue (auto-fulfillment-queue.ts)
  recordManualAutoFulfillment(
    ...a: Parameters<Queue["recordManualAutoFulfillment"]>
  ) {
    return this.queue_.recordManualAutoFulfillment(...a)
  }
  removeManualAutoFulfillment(
    ...a: Parameters<Queue["removeManualAutoFulfillment"]>
  ) {
    return this.queue_.removeManualAutoFulfillment(...a)
  }
  holdAutoFulfillment(...a: Parameters<Queue["holdAutoFulfillment"]>) {
    return this.queue_.holdAutoFulfillment(...a)
  }
  releaseAutoFulfillment(...a: Parameters<Queue["releaseAutoFulfillment"]>) {
    return this.queue_.releaseAutoFulfillment(...a)
  }
  parkAutoFulfillment(...a: Parameters<Queue["parkAutoFulfillment"]>) {
    return this.queue_.parkAutoFulfillment(...a)
  }
  deferAutoFulfillment(...a: Parameters<Queue["deferAutoFulfillment"]>) {
    return this.queue_.deferAutoFulfillment(...a)
  }
  settleCanceledOrder(...a: Parameters<Queue["settleCanceledOrder"]>) {
    return this.queue_.settleCanceledOrder(...a)
  }
  restoreSettledAutoFulfillments(
    ...a: Parameters<Queue["restoreSettledAutoFulfillments"]>
  ) {
    return this.queue_.restoreSettledAutoFulfillments(...a)
  }
  listWaitingForService(...a: Parameters<Queue["listWaitingForService"]>) {
    return this.queue_.listWaitingForService(...a)
  }
  countWaitingForService() {
    return this.queue_.countWaitingForService()
  }

  // The label journal (label-journal.ts)
  insertShipment(...a: Parameters<Journal["insertShipment"]>) {
    return this.journal_.insertShipment(...a)
  }
  insertShipmentUnlessRequested(
    ...a: Parameters<Journal["insertShipmentUnlessRequested"]>
  ) {
    return this.journal_.insertShipmentUnlessRequested(...a)
  }
  swapShipmentFields(...a: Parameters<Journal["swapShipmentFields"]>) {
    return this.journal_.swapShipmentFields(...a)
  }
  storeDocuments(...a: Parameters<Journal["storeDocuments"]>) {
    return this.journal_.storeDocuments(...a)
  }
  markShipmentsAttached(...a: Parameters<Journal["markShipmentsAttached"]>) {
    return this.journal_.markShipmentsAttached(...a)
  }
  markPrinted(...a: Parameters<Journal["markPrinted"]>) {
    return this.journal_.markPrinted(...a)
  }
  clearPrinted(...a: Parameters<Journal["clearPrinted"]>) {
    return this.journal_.clearPrinted(...a)
  }

  // Print batches (batch-writes.ts)
  transitionBatch(...a: Parameters<Batches["transitionBatch"]>) {
    return this.batches_.transitionBatch(...a)
  }
  setBatchItem(...a: Parameters<Batches["setBatchItem"]>) {
    return this.batches_.setBatchItem(...a)
  }

  // Documents (documents.ts, document-versions.ts)
  documentPages(...a: Parameters<DocumentVersions["documentPages"]>) {
    return this.versions_.documentPages(...a)
  }
  pruneDocuments(...a: Parameters<DocumentVersions["pruneDocuments"]>) {
    return this.versions_.pruneDocuments(...a)
  }
  deleteDocumentVersion(
    ...a: Parameters<DocumentVersions["deleteDocumentVersion"]>
  ) {
    return this.versions_.deleteDocumentVersion(...a)
  }
  labelPageCounts(...a: Parameters<DocumentVersions["labelPageCounts"]>) {
    return this.versions_.labelPageCounts(...a)
  }
  /**
   * Deletes documents by id, their files in the File Module included (the generated delete would
   * leave those behind). Never a soft delete: a check on the table refuses one.
   */
  // @ts-expect-error narrows MedusaService's generated signature to ids, the only form used
  override async deleteDocuments(ids: string | string[]): Promise<void> {
    await this.documents_.remove(Array.isArray(ids) ? ids : [ids])
  }
  /** The newest version of several labels' pages, page order, in one query. */
  labelPagesOf(shipmentIds: string[]): Promise<Map<string, Buffer[]>> {
    return this.documents_.labelPages(shipmentIds)
  }
  /** One stored file's bytes, wherever they are kept. */
  documentContent(id: string): Promise<Buffer> {
    return this.documents_.bytes(id)
  }
  /** How an admin route serves one stored file: its bytes, or a presigned URL (File Module). */
  documentSource(id: string): Promise<DocumentSource> {
    return this.documents_.source(id)
  }
  documentsMeta(...a: Parameters<DocumentStore["meta"]>) {
    return this.documents_.meta(...a)
  }
  /** Moves documents between the database and the File Module (DocumentStore.move). */
  moveDocuments(
    target: DocumentStorage,
    select: { ids?: string[]; limit?: number } = {}
  ): Promise<MoveReport> {
    return this.documents_.move(target, select)
  }

  // Medusa's own tables (medusa-tables.ts: why the plugin reads them with SQL)
  linkedFulfillments(...a: Parameters<Medusa["linkedFulfillments"]>) {
    return this.medusa_.linkedFulfillments(...a)
  }
  returnsOfFulfillments(...a: Parameters<Medusa["returnsOfFulfillments"]>) {
    return this.medusa_.returnsOfFulfillments(...a)
  }
  waitingReturnFulfillments(
    ...a: Parameters<Medusa["waitingReturnFulfillments"]>
  ) {
    return this.medusa_.waitingReturnFulfillments(...a)
  }
  halfMadeFulfillments(...a: Parameters<Medusa["halfMadeFulfillments"]>) {
    return this.medusa_.halfMadeFulfillments(...a)
  }
  unregisteredOrderFulfillments(
    ...a: Parameters<Medusa["unregisteredOrderFulfillments"]>
  ) {
    return this.medusa_.unregisteredOrderFulfillments(...a)
  }

  // Health and settings (health-figures.ts, settings.ts)
  healthFigures(...a: Parameters<Health["healthFigures"]>) {
    return this.health_.healthFigures(...a)
  }
  countShipmentsInTransit(...a: Parameters<Health["countShipmentsInTransit"]>) {
    return this.health_.countShipmentsInTransit(...a)
  }
  /** The shipping spend report's rows (spend-report.ts), in one statement. */
  spendReport(filter: SpendFilter) {
    return readSpendReport(this.pg_(), filter)
  }
  /** Medusa changed these orders: the next spend report recomputes what their shoppers paid. */
  spendOrdersChanged(orderIds: string[]) {
    return markOrdersChanged(this.pg_(), orderIds)
  }
  jobRuns() {
    return jobRuns((filters) => this.listSettings(filters))
  }
  countReturnRefusal(reason: string): Promise<Record<string, unknown>> {
    return countReturnRefusal(this.pg_(), reason)
  }
}
