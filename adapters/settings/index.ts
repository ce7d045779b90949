// `@petstore/settings`: how the pet store reads its settings and says what is wrong with one, and the
// StorageAdapter a storage package exports so that STORAGE can name it.
export { ConfigError } from './config-error.js';
export { loadDotEnv } from './dotenv.js';
export { withoutEmptyVariables, type Environment } from './environment.js';
export { readSettings, settingsHelpOf, type SettingHelp } from './read-settings.js';
export { choiceSetting, commaListSetting, durationSetting, integerSetting, sizeSetting } from './setting-kinds.js';
export type { OpenedStorage, StorageAdapter, StorageContext, StorageSetting } from './storage-adapter.js';
export { explainedOpenFailure, StorageOpenFailure } from './storage-open-failure.js';
export { storageIfInstalled, type OptionalStorage } from './storage-if-installed.js';
