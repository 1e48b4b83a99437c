// These workflows, one per file.
export {
  registerWebhooksWorkflow,
  type RegisterWebhooksInput,
} from "./register-webhooks"
export { rotateWebhookKeysWorkflow } from "./rotate-webhook-keys"
export { removeWebhooksWorkflow } from "./remove-webhooks"
