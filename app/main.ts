// `npm start` (and `node dist/app/main.js`): the same as `petstore serve`. The check comes first,
// before any module that a too-old Node might misread.
import { refuseUnsupportedNode } from './supported-node.js';
import { loadDotEnv } from './dotenv.js';

refuseUnsupportedNode();
loadDotEnv();
const { runPetstore } = await import('./petstore-command.js');
await runPetstore(['serve', ...process.argv.slice(2)]);
