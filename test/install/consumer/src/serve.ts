// The whole service, started by this program over its own repository, used over HTTP, and stopped.
import { PET_STATUSES } from '@petstore/core';
import { startService } from 'petstore';
import { MapPetRepository } from './map-pet-repository.js';

const service = await startService({
  settings: { PORT: '0', API_KEYS: 'consumer-key', LOG_LEVEL: 'warn' },
  storage: { pets: new MapPetRepository() },
});
const headers = { Authorization: 'Bearer consumer-key', 'Content-Type': 'application/json' };
const created = await fetch(`${service.url}/v1/pets`, {
  method: 'POST',
  headers,
  body: JSON.stringify({ name: 'Rex', categoryId: 1, status: PET_STATUSES[0] }),
});
const listed = await fetch(`${service.url}/v1/pets`, { headers });
console.log(
  JSON.stringify({
    created: { status: created.status, body: await created.json() },
    listed: { status: listed.status, body: await listed.json() },
  }),
);
console.log(JSON.stringify({ closed: await service.close(0) }));
