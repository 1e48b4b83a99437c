// The development app around the plugin (tests, demo, benches). Not part of the plugin build.
// In a merchant's app the plugin goes under `plugins` instead, as the README says.
//
// One process by default (Medusa's local event bus and in-memory workflow engine, locks in
// PostgreSQL). With DEV_REDIS_URL set it is Medusa's production topology instead (README
// "Production"): event bus, workflow engine, locks and cache shared through Redis, and each
// process started as `server` (HTTP only) or `worker` (subscribers, scheduled jobs, workflows)
// with MEDUSA_WORKER_MODE. DEV_REDIS_PREFIX keeps the keys and queues of one cluster apart from
// another's on the same Redis (the cluster tests and benches use one per run). A name of its
// own, not REDIS_URL: a Redis URL in the environment (CI exports one) must not turn every test
// app into a cluster member sharing unprefixed queues.
import { defineConfig, loadEnv } from "@medusajs/framework/utils"
import { appPluginOptions } from "./dev/app-options"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

const options = appPluginOptions()
const redisUrl = process.env.DEV_REDIS_URL
const prefix = process.env.DEV_REDIS_PREFIX
  ? `${process.env.DEV_REDIS_PREFIX}:`
  : ""
const workerMode = process.env.MEDUSA_WORKER_MODE as
  "shared" | "worker" | "server" | undefined
// Events one worker process handles at once. BullMQ's default is 1, which would make a burst of
// `order.placed` wait for each label in turn; the plugin bounds its own label requests per
// process (http.concurrency), so this only needs to be above that.
const eventConcurrency = Number(process.env.DEV_EVENT_BUS_CONCURRENCY ?? 16)
// A worker killed while it handles events holds them until BullMQ's lock on them runs out
// (lockDuration) and a stall check finds it (stalledInterval): 30 s each by default, so up to a
// minute before another worker gets them. The crash tests shorten both (DEV_EVENT_BUS_LOCK_MS:
// the lock, checked twice as often) instead of waiting for that minute.
const eventLockMs = Number(process.env.DEV_EVENT_BUS_LOCK_MS) || undefined
const eventStallOptions = eventLockMs
  ? { lockDuration: eventLockMs, stalledInterval: Math.ceil(eventLockMs / 2) }
  : {}

/** Medusa's Redis modules, all on one Redis, with this cluster's key prefix. */
const redisModules = (url: string) => [
  {
    resolve: "@medusajs/medusa/event-bus-redis",
    options: {
      redisUrl: url,
      queueOptions: { prefix: `${prefix}bull` },
      workerOptions: {
        prefix: `${prefix}bull`,
        concurrency: eventConcurrency,
        ...eventStallOptions,
      },
    },
  },
  {
    resolve: "@medusajs/medusa/workflow-engine-redis",
    options: {
      redis: {
        redisUrl: url,
        queueOptions: { prefix: `${prefix}bull` },
        workerOptions: { prefix: `${prefix}bull` },
      },
    },
  },
  {
    resolve: "@medusajs/medusa/locking",
    options: {
      providers: [
        {
          resolve: "@medusajs/medusa/locking-redis",
          id: "locking-redis",
          is_default: true,
          options: { redisUrl: url, namespace: `${prefix}medusa_lock:` },
        },
      ],
    },
  },
  // DEV_REDIS_CACHING=off leaves the Caching Module out (bench:auto-fulfill measures what it
  // costs: it subscribes to every event, so each one becomes an event-bus job).
  ...(process.env.DEV_REDIS_CACHING === "off" ? [] : [cachingModule(url)]),
]

// Medusa's File Module on an S3-compatible server (the File Module tests start one: s3rver), for
// the plugin's documents.storage "file"; without DEV_FILE_S3_ENDPOINT, Medusa's default (file-local).
const s3Endpoint = process.env.DEV_FILE_S3_ENDPOINT
const s3Files = s3Endpoint
  ? [
      {
        resolve: "@medusajs/medusa/file",
        options: {
          providers: [
            {
              resolve: "@medusajs/medusa/file-s3",
              id: "s3",
              options: {
                endpoint: s3Endpoint,
                file_url: `${s3Endpoint}/${process.env.DEV_FILE_S3_BUCKET ?? "medusa"}`,
                bucket: process.env.DEV_FILE_S3_BUCKET ?? "medusa",
                region: "us-east-1",
                access_key_id: process.env.DEV_FILE_S3_ACCESS_KEY ?? "S3RVER",
                secret_access_key:
                  process.env.DEV_FILE_S3_SECRET_KEY ?? "S3RVER",
                // Path-style URLs (http://host:port/bucket/key): no DNS per bucket.
                additional_client_config: { forcePathStyle: true },
                download_file_duration: 300,
              },
            },
          ],
        },
      },
    ]
  : []
const cachingModule = (url: string) => ({
  resolve: "@medusajs/medusa/caching",
  options: {
    providers: [
      {
        resolve: "@medusajs/medusa/caching-redis",
        id: "caching-redis",
        is_default: true,
        options: { redisUrl: url, prefix: `${prefix}mc:` },
      },
    ],
  },
})

// Locks shared by every instance on this database: several servers starting at once register
// the webhook once (the default in-memory provider only serialises one process).
const postgresLocking = {
  resolve: "@medusajs/medusa/locking",
  options: {
    providers: [
      {
        resolve: "@medusajs/medusa/locking-postgres",
        id: "locking-postgres",
        is_default: true,
      },
    ],
  },
}

module.exports = defineConfig({
  projectConfig: {
    databaseUrl:
      process.env.DATABASE_URL ??
      "postgres://postgres@localhost:5432/medusa_shipping_services",
    ...(redisUrl ? { redisUrl, redisPrefix: prefix } : {}),
    ...(workerMode ? { workerMode } : {}),
    http: {
      storeCors: process.env.STORE_CORS ?? "http://localhost:8000",
      adminCors:
        process.env.ADMIN_CORS ?? "http://localhost:9000,http://localhost:5173",
      authCors:
        process.env.AUTH_CORS ??
        "http://localhost:9000,http://localhost:5173,http://localhost:8000",
      jwtSecret: process.env.JWT_SECRET || "supersecret",
      cookieSecret: process.env.COOKIE_SECRET || "supersecret",
    },
  },
  admin: {
    disable: process.env.MEDUSA_ADMIN_DISABLE === "true",
  },
  // The benches' baseline: automatic fulfillment with Medusa's manual provider.
  plugins:
    process.env.DEV_MANUAL_FULFILL === "1"
      ? [`${__dirname}/dev/manual-fulfillment`]
      : [],
  modules: [
    { resolve: "./src/modules/shipping-services", options },
    ...(redisUrl ? redisModules(redisUrl) : [postgresLocking]),
    ...s3Files,
    {
      // Customer notifications of the plugin (options.notifications) go through the Notification
      // Module; Medusa's local provider logs them instead of emailing (use SendGrid, Resend… in a store).
      resolve: "@medusajs/medusa/notification",
      options: {
        providers: [
          {
            resolve: "@medusajs/medusa/notification-local",
            id: "local",
            options: { name: "Local email", channels: ["email"] },
          },
        ],
      },
    },
    {
      resolve: "@medusajs/medusa/fulfillment",
      options: {
        providers: [
          { resolve: "@medusajs/medusa/fulfillment-manual", id: "manual" },
          {
            resolve: "./src/providers/shipping-services",
            id: "shipping-services",
          },
        ],
      },
    },
  ],
})
