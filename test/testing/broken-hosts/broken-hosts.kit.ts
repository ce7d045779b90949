// Run by test/testing/broken-hosts.test.ts, which expects each host here to fail the rule it breaks.
import { describeHttpApiContract } from '../../../testing/index.js';
import { fetchHandlerHost } from '../../support/http-kit-hosts.js';
import { BROKEN_HOSTS } from './broken-hosts.js';

for (const [name, { breaks }] of Object.entries(BROKEN_HOSTS))
  describeHttpApiContract(name, () => fetchHandlerHost(breaks));
