// Moved to src/lib (workflow steps use it; workflows sit below orchestration).
export { pluginClient } from "../lib/plugin-client"
