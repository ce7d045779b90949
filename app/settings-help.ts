import { serviceSettingMeanings, settingRowsOf } from '../adapters/cli/commands/setting-meanings.js';
import { settingsHelpOf, type SettingHelp } from '@petstore/settings/read-settings.js';
import { ENVIRONMENT } from '@petstore/host/config.js';
import { BUILT_IN_STORAGES } from '@petstore/host/built-in-storages.js';

/**
 * Every setting as `serve --help` and the reference's table list them: the schema's, each with its default
 * and meaning, and those of each storage STORAGE can name.
 */
export function settingRows(): SettingHelp[] {
  return settingRowsOf(settingsHelpOf(ENVIRONMENT, serviceSettingMeanings(BUILT_IN_STORAGES)), BUILT_IN_STORAGES);
}
