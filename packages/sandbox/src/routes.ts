import { updateContact } from "./handlers/contacts"
import { getFile } from "./handlers/files"
import { createManifest } from "./handlers/manifests"
import { rateShipment } from "./handlers/rates"
import {
  reprintShipment,
  retryShipment,
  voidShipment,
} from "./handlers/shipment-ops"
import { createShipment } from "./handlers/shipments"
import { createToken } from "./handlers/token"
import { getTracking, trackingPage } from "./handlers/tracking"
import {
  createWebhookConfig,
  deleteWebhookConfig,
  getWebhookConfig,
  listEvents,
  listWebhookConfigs,
  updateWebhookConfig,
} from "./handlers/webhook-configs"
import type { Route } from "./http/router"

/** Every operation of docs 1–4, at its documented path. `operation` names stats, faults and latency. */
export const ROUTES: Route[] = [
  {
    method: "POST",
    path: "/oauth/token",
    operation: "token",
    family: "token",
    auth: false,
    handler: createToken,
  },

  {
    method: "GET",
    path: "/api/v1/events",
    operation: "listEvents",
    family: "webhook",
    auth: true,
    handler: listEvents,
  },
  {
    method: "POST",
    path: "/api/v1/webhookConfig",
    operation: "createWebhookConfig",
    family: "webhook",
    auth: true,
    handler: createWebhookConfig,
  },
  {
    method: "GET",
    path: "/api/v1/webhookConfig",
    operation: "listWebhookConfigs",
    family: "webhook",
    auth: true,
    handler: listWebhookConfigs,
  },
  {
    method: "GET",
    path: "/api/v1/webhookConfig/:id",
    operation: "getWebhookConfig",
    family: "webhook",
    auth: true,
    handler: getWebhookConfig,
  },
  {
    method: "PUT",
    path: "/api/v1/webhookConfig/:id",
    operation: "updateWebhookConfig",
    family: "webhook",
    auth: true,
    handler: updateWebhookConfig,
  },
  {
    method: "DELETE",
    path: "/api/v1/webhookConfig/:id",
    operation: "deleteWebhookConfig",
    family: "webhook",
    auth: true,
    handler: deleteWebhookConfig,
  },

  {
    method: "POST",
    path: "/v1/shipments",
    operation: "createShipment",
    family: "shipping",
    auth: true,
    apac: true,
    handler: createShipment,
  },
  {
    method: "GET",
    path: "/v1/shipments",
    operation: "retryShipment",
    family: "shipping",
    auth: true,
    apac: true,
    handler: retryShipment,
  },
  {
    method: "GET",
    path: "/v1/shipments/:shipmentId",
    operation: "reprintShipment",
    family: "shipping",
    auth: true,
    apac: true,
    handler: reprintShipment,
  },
  {
    method: "DELETE",
    path: "/v1/shipments/:shipmentId",
    operation: "voidShipment",
    family: "shipping",
    auth: true,
    apac: true,
    handler: voidShipment,
  },
  {
    method: "POST",
    path: "/v1/rates",
    operation: "rates",
    family: "shipping",
    auth: true,
    apac: true,
    handler: rateShipment,
  },
  {
    method: "POST",
    path: "/v1/manifests",
    operation: "createManifest",
    family: "shipping",
    auth: true,
    apac: true,
    handler: createManifest,
  },
  {
    method: "GET",
    path: "/v1/tracking/:identifier",
    operation: "tracking",
    family: "shipping",
    auth: true,
    apac: true,
    handler: getTracking,
  },

  {
    method: "PATCH",
    path: "/api/v1/contact/:contactId",
    operation: "updateContact",
    family: "contact",
    auth: true,
    handler: updateContact,
  },

  {
    method: "GET",
    path: "/labels/:file",
    operation: "file",
    family: "shipping",
    auth: false,
    handler: getFile,
  },
  {
    method: "GET",
    path: "/manifests/:file",
    operation: "file",
    family: "shipping",
    auth: false,
    handler: getFile,
  },
  {
    method: "GET",
    path: "/track/:trackingNumber",
    operation: "trackingPage",
    family: "shipping",
    auth: false,
    handler: trackingPage,
  },
]
