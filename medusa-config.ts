// The development app around the plugin (tests and demo). Not part of the plugin build.
// In a merchant's app the plugin goes under `plugins` instead; see README.md.
import { defineConfig, loadEnv } from "@medusajs/framework/utils"
import { appPluginOptions } from "./dev/app-options"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

const options = appPluginOptions()

module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL ?? "postgres://postgres@localhost:5432/medusa_shipping_services",
    http: {
      storeCors: process.env.STORE_CORS ?? "http://localhost:8000",
      adminCors: process.env.ADMIN_CORS ?? "http://localhost:9000,http://localhost:5173",
      authCors: process.env.AUTH_CORS ?? "http://localhost:9000,http://localhost:5173,http://localhost:8000",
      jwtSecret: process.env.JWT_SECRET || "supersecret",
      cookieSecret: process.env.COOKIE_SECRET || "supersecret",
    },
  },
  admin: {
    disable: process.env.MEDUSA_ADMIN_DISABLE === "true",
  },
  modules: [
    { resolve: "./src/modules/shipping-services", options },
    // Locks shared by every instance on this database: several servers starting at once
    // register the webhook once (the default in-memory provider only serialises one process).
    {
      resolve: "@medusajs/medusa/locking",
      options: {
        providers: [{ resolve: "@medusajs/medusa/locking-postgres", id: "locking-postgres", is_default: true }],
      },
    },
    {
      // Customer notifications of the plugin (options.notifications) go through the Notification
      // Module; Medusa's local provider logs them instead of emailing (use SendGrid, Resend… in a store).
      resolve: "@medusajs/medusa/notification",
      options: {
        providers: [{ resolve: "@medusajs/medusa/notification-local", id: "local", options: { name: "Local email", channels: ["email"] } }],
      },
    },
    {
      resolve: "@medusajs/medusa/fulfillment",
      options: {
        providers: [
          { resolve: "@medusajs/medusa/fulfillment-manual", id: "manual" },
          { resolve: "./src/providers/shipping-services", id: "shipping-services" },
        ],
      },
    },
  ],
})
