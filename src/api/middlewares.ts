import {
  authenticate,
  defineMiddlewares,
  validateAndTransformBody,
} from "@medusajs/framework/http"
import {
  ADDITIONAL_DATA_KEY,
  fulfillmentAdditionalDataSchema,
} from "../lib/shipments/additional-data"
import {
  AdminCreateBatch,
  AdminCreateManifests,
  AdminHoldOrder,
  AdminPrintBatch,
  AdminReRegisterWebhooks,
  AdminReprintLabel,
  AdminBuyReturnLabel,
  AdminRetryAutoFulfillment,
  AdminRetryBatch,
  AdminRotateWebhookKey,
  AdminUpdateContact,
  AdminVoidLabel,
  AdminDocumentQuery,
  AdminLabelQuery,
  AdminListBatchesQuery,
  AdminReadinessQuery,
  AdminReadyToShipQuery,
  AdminSetupShippingQuery,
} from "./admin/shipping-services/validators"
import {
  StoreCheckCart,
  StoreReturnLabelQuery,
} from "./store/shipping-services/validators"
import { validateQuery } from "./validate-query"
import { AdminSpendQuery } from "../lib/spend/query"
import { refusalDetails } from "./store/shipping-services/refusal-details"
import { refuseUnshippable } from "./admin/shipping-services/refuse-unshippable"
import { registerStartUp } from "../lib/start-up"
import { restrictReturnCreation } from "./middlewares/restrict-return-creation"
import {
  cancelChangeReturnLabels,
  cancelReturnLabels,
} from "./middlewares/cancel-return-labels"
import { explainFulfilledRemoval } from "./middlewares/explain-fulfilled-removal"
import { refuseUnpassedParcels } from "./middlewares/refuse-unpassed-parcels"
import { hideStoreOrderLabels } from "./middlewares/hide-store-order-labels"
import { onShippingServicesStart } from "../orchestration/start-up/boot"

// Servers load this file before the modules' start hooks run, so start-up work registers here (workers elsewhere).
registerStartUp(onShippingServicesStart)

/** Keep entries in path order, each belonging to one route folder. */
export default defineMiddlewares({
  routes: [
    {
      // Medusa's own "fulfill items": an admin may choose the parcels.
      matcher: "/admin/orders/:id/fulfillments",
      methods: ["POST"],
      additionalDataValidator: {
        [ADDITIONAL_DATA_KEY]: fulfillmentAdditionalDataSchema.optional(),
      },
      middlewares: [refuseUnpassedParcels],
    },
    // Orders made without a cart get checkout's dry run too.
    {
      matcher: "/admin/draft-orders/:id/convert-to-order",
      methods: ["POST"],
      middlewares: [refuseUnshippable("draft-order")],
    },
    {
      // Lowering a line its labels hold: the labels to void first, in words.
      matcher: "/admin/order-edits/:id/items/item/:item_id",
      methods: ["POST"],
      middlewares: [explainFulfilledRemoval],
    },
    {
      matcher: "/admin/order-edits/:id/request",
      methods: ["POST"],
      middlewares: [refuseUnshippable("order-edit")],
    },
    {
      matcher: "/admin/order-edits/:id/confirm",
      methods: ["POST"],
      middlewares: [refuseUnshippable("order-edit")],
    },
    {
      // Canceling a return's fulfillments first (labels withdrawn), which Medusa's cancelReturnWorkflow cannot do.
      matcher: "/admin/returns/:id/cancel",
      methods: ["POST"],
      middlewares: [cancelReturnLabels],
    },
    {
      // The same for an exchange's or claim's cancel.
      matcher: "/admin/exchanges/:id/cancel",
      methods: ["POST"],
      middlewares: [cancelChangeReturnLabels("exchange")],
    },
    {
      matcher: "/admin/claims/:id/cancel",
      methods: ["POST"],
      middlewares: [cancelChangeReturnLabels("claim")],
    },
    // Print batches and Ready to ship.
    {
      matcher: "/admin/shipping-services/batches",
      methods: ["GET"],
      middlewares: [validateQuery(AdminListBatchesQuery)],
    },
    {
      matcher: "/admin/shipping-services/batches",
      methods: ["POST"],
      middlewares: [validateAndTransformBody(AdminCreateBatch)],
    },
    {
      matcher: "/admin/shipping-services/batches/:id/print",
      methods: ["POST"],
      middlewares: [validateAndTransformBody(AdminPrintBatch)],
    },
    {
      matcher: "/admin/shipping-services/batches/:id/retry",
      methods: ["POST"],
      middlewares: [validateAndTransformBody(AdminRetryBatch)],
    },
    {
      matcher: "/admin/shipping-services/orders/:id/hold",
      methods: ["POST"],
      middlewares: [validateAndTransformBody(AdminHoldOrder)],
    },
    {
      matcher: "/admin/shipping-services/orders/:id/release",
      methods: ["POST"],
      middlewares: [validateAndTransformBody(AdminHoldOrder)],
    },
    {
      matcher: "/admin/shipping-services/shipments/:id/label",
      methods: ["GET"],
      middlewares: [validateQuery(AdminLabelQuery)],
    },
    {
      matcher: "/admin/shipping-services/manifests/:id/document",
      methods: ["GET"],
      middlewares: [validateQuery(AdminDocumentQuery)],
    },
    {
      matcher: "/admin/shipping-services/batches/:id/files/:kind",
      methods: ["GET"],
      middlewares: [validateQuery(AdminDocumentQuery)],
    },
    {
      matcher: "/admin/shipping-services/ready-to-ship",
      methods: ["GET"],
      middlewares: [validateQuery(AdminReadyToShipQuery)],
    },
    {
      matcher: "/admin/shipping-services/spend",
      methods: ["GET"],
      middlewares: [validateQuery(AdminSpendQuery)],
    },
    // Products that cannot ship, and the one-action setup (its body is parsed by the route).
    {
      matcher: "/admin/shipping-services/readiness",
      methods: ["GET"],
      middlewares: [validateQuery(AdminReadinessQuery)],
    },
    {
      matcher: "/admin/shipping-services/setup",
      methods: ["GET"],
      middlewares: [validateQuery(AdminSetupShippingQuery)],
    },
    {
      matcher: "/admin/shipping-services/contact",
      methods: ["POST"],
      middlewares: [validateAndTransformBody(AdminUpdateContact)],
    },
    {
      matcher: "/admin/shipping-services/manifests",
      methods: ["POST"],
      middlewares: [validateAndTransformBody(AdminCreateManifests)],
    },
    {
      matcher: "/admin/shipping-services/returns/:id/label",
      methods: ["POST"],
      middlewares: [validateAndTransformBody(AdminBuyReturnLabel)],
    },
    {
      matcher: "/admin/shipping-services/orders/:id/auto-fulfill",
      methods: ["POST"],
      middlewares: [validateAndTransformBody(AdminRetryAutoFulfillment)],
    },
    {
      matcher: "/admin/shipping-services/shipments/:id/reprint",
      methods: ["POST"],
      middlewares: [validateAndTransformBody(AdminReprintLabel)],
    },
    {
      matcher: "/admin/shipping-services/shipments/:id/void",
      methods: ["POST"],
      middlewares: [validateAndTransformBody(AdminVoidLabel)],
    },
    {
      matcher: "/admin/shipping-services/webhooks/re-register",
      methods: ["POST"],
      middlewares: [validateAndTransformBody(AdminReRegisterWebhooks)],
    },
    {
      matcher: "/admin/shipping-services/webhooks/rotate-key",
      methods: ["POST"],
      middlewares: [validateAndTransformBody(AdminRotateWebhookKey)],
    },
    {
      // Webhook deliveries: Medusa's parsers are off (they would take form and text bodies); the route reads JSON itself.
      matcher: "/hooks/shipping-services/*",
      methods: ["POST"],
      bodyParser: false,
    },
    // Checkout's dry run: Medusa's refusals get field-by-field problems, and a storefront may check a cart first.
    {
      matcher: "/store/carts/:id/shipping-methods",
      methods: ["POST"],
      middlewares: [refusalDetails("shipping-methods")],
    },
    {
      matcher: "/store/carts/:id/complete",
      methods: ["POST"],
      middlewares: [refusalDetails("complete")],
    },
    {
      matcher: "/store/shipping-services/carts/:id/check",
      methods: ["POST"],
      middlewares: [validateAndTransformBody(StoreCheckCart)],
    },
    {
      // Medusa's order by id answers anyone with the id: no tracking numbers through it.
      matcher: "/store/orders/:id",
      methods: ["GET"],
      middlewares: [hideStoreOrderLabels],
    },
    {
      // Medusa's own store return route: only the order's customer (returns.requireCustomer), one request of an order at a time.
      matcher: "/store/returns",
      methods: ["POST"],
      middlewares: [
        authenticate("customer", ["session", "bearer"], {
          allowUnauthenticated: true,
        }),
        restrictReturnCreation,
      ],
    },
    {
      // Said explicitly rather than left to the /store default: a customer session or bearer is
      // read when present, and the route answers 404 (never 401) without one.
      matcher: "/store/shipping-services/orders/:id/tracking",
      methods: ["GET"],
      middlewares: [
        authenticate("customer", ["session", "bearer"], {
          allowUnauthenticated: true,
        }),
      ],
    },
    // The customer's returns and their labels (docs/storefront.md "Return an item"): 404 to
    // anyone else, like the tracking route.
    ...[
      "/store/shipping-services/orders/:id/returns",
      "/store/shipping-services/orders/:id/returns/:return_id/label",
    ].map((matcher) => ({
      matcher,
      methods: ["GET" as const],
      middlewares: [
        authenticate("customer", ["session", "bearer"], {
          allowUnauthenticated: true,
        }),
      ],
    })),
    {
      matcher: "/store/shipping-services/orders/:id/returns/:return_id/label",
      methods: ["GET"],
      middlewares: [validateQuery(StoreReturnLabelQuery)],
    },
    {
      // The customer withdraws a return (docs/storefront.md "Cancel a return"): 404 to anyone else.
      matcher: "/store/shipping-services/orders/:id/returns/:return_id/cancel",
      methods: ["POST"],
      middlewares: [
        authenticate("customer", ["session", "bearer"], {
          allowUnauthenticated: true,
        }),
      ],
    },
  ],
})
