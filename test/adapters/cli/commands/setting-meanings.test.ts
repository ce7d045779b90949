import { describe, expect, it } from 'vitest';
import {
  serviceSettingMeanings,
  settingRowsOf,
  type ListedStorage,
} from '../../../../adapters/cli/commands/setting-meanings.js';

const aStorage = (name: string, settings: ListedStorage['settings'] = []): ListedStorage => ({
  name,
  summary: `kept in ${name}`,
  settings,
});

describe('the meanings of the settings', () => {
  it('lists what STORAGE can name, the last after "or"', () => {
    expect(serviceSettingMeanings([aStorage('a'), aStorage('b'), aStorage('c')]).STORAGE.meaning).toBe(
      'where pets are kept: `a` (kept in a), `b` (kept in b) or `c` (kept in c)',
    );
    expect(serviceSettingMeanings([aStorage('a')]).STORAGE.meaning).toBe('where pets are kept: `a` (kept in a)');
  });

  it("says which exit code a stop that cut requests gives, the serve command's own", () => {
    expect(serviceSettingMeanings([]).SHUTDOWN_TIMEOUT.meaning).toContain('(exit 124)');
  });

  it("puts each storage's settings after STORAGE, in the storages' order, each naming its STORAGE value", () => {
    const service = [
      { name: 'PORT', meaning: 'port' },
      { name: 'STORAGE', meaning: 'storage' },
      { name: 'LOG_LEVEL', meaning: 'level' },
    ];
    const rows = settingRowsOf(service, [
      aStorage('a', [{ name: 'A_PATH', fallback: 'a.db', meaning: 'the file' }]),
      aStorage('b'),
      aStorage('c', [{ name: 'C_URI', meaning: 'the server' }]),
    ]);
    expect(rows).toEqual([
      { name: 'PORT', meaning: 'port' },
      { name: 'STORAGE', meaning: 'storage' },
      { name: 'A_PATH', fallback: 'a.db', meaning: 'with `STORAGE=a`: the file' },
      { name: 'C_URI', meaning: 'with `STORAGE=c`: the server' },
      { name: 'LOG_LEVEL', meaning: 'level' },
    ]);
  });
});
