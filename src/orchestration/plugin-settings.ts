// Moved to the module (src/modules/shipping-services/settings.ts): workflow steps use it too.
export { deleteSetting, readSetting, writeSetting } from "../modules/shipping-services/settings"
