import { describeHttpApiContract } from '../../testing/index.js';
import { fetchHandlerHost, serviceHost, sqliteServiceHost } from '../support/http-kit-hosts.js';

describeHttpApiContract('The service on memory', () => serviceHost({ STORAGE: 'memory' }));
describeHttpApiContract("The service on a host's own repository", () => serviceHost());
describeHttpApiContract('The service on SQLite', sqliteServiceHost);
describeHttpApiContract('The fetch handler under Node', fetchHandlerHost);
