const { MetadataStorage } = require("@medusajs/framework/mikro-orm/core")

MetadataStorage.clear()

// The http group's global setup prepared one slot per jest worker (app port, sandbox): take
// this worker's before the spec file reads its environment. A restarted worker keeps its id.
const slot = process.env[`HTTP_TEST_SLOT_${process.env.JEST_WORKER_ID ?? "1"}`]
if (slot) {
  Object.assign(process.env, JSON.parse(slot))
}
