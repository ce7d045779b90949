import { Option } from 'commander';
import type { AddCommand } from '../../cli-dependencies.js';

/** `petstore keys new`: needs no storage, so it works before any is set up. */
export const addKeysNewCommand: AddCommand = (keys, dependencies, output) => {
  keys
    .command('new')
    .description('make an API key: shown once, with the digest to give the service (API_KEY_DIGESTS)')
    .addOption(new Option('--json', 'write {"key","digest"} as JSON'))
    .action((options: { json?: boolean }) => {
      const { key, digest } = dependencies.newApiKey();
      output.out(
        options.json
          ? `${JSON.stringify({ key, digest })}\n`
          : `API key (shown once; give it to the client): ${key}\n` +
              `SHA-256 digest (for API_KEY_DIGESTS):         ${digest}\n`,
      );
    });
};
