// The framework's floor: Koa + @koa/router + koa-bodyparser with the same three routes,
// a plain key comparison and hand-rolled checks, no validation library, no error mapping.
// With ACCESS_LOG=1 it also writes one pino line a request, as any service that logs must:
// the floor for a service with an access log (a diagnostic baseline, not a target).
// With SERVICE_OUTPUTS=1 it sends this service's response headers, as fixed strings, written as the
// service writes them (with the status line, in one writeHead), and writes its access line with the
// service's own logger: what any service with the same outputs costs at least.
import Router from '@koa/router';
import Koa from 'koa';
import bodyParser from 'koa-bodyparser';
import { pino } from 'pino';
import { createLogger } from '../../../adapters/logging/logger.js';
import { GET_PET_DEPRECATION, GET_PET_SUNSET } from '../../../adapters/http/routes/get-pet/deprecation.js';
import { API_SECURITY_HEADER_ENTRIES } from '../../../adapters/http/response/api-security-headers.js';
import {
  RATE_LIMIT_HEADER,
  RATE_LIMIT_POLICY_HEADER,
  REQUEST_ID_HEADER,
} from '../../../adapters/http/request/header-names.js';
import type { HeaderEntry } from '../../../adapters/koa/response/response-headers.js';
import { announceReady, BENCH_KEY, seedPet } from './seed.js';

interface Pet {
  id: number;
  name: string;
  categoryId: number;
  status?: string;
}

const pets: Pet[] = [];
const byStatus: Record<string, Pet[]> = { available: [], pending: [], sold: [] };
function add(pet: Omit<Pet, 'id'>): Pet {
  const stored = { id: pets.length + 1, ...pet };
  pets.push(stored);
  if (stored.status !== undefined) byStatus[stored.status]?.push(stored);
  return stored;
}
const seedCount = Number(process.env.SEED_PETS ?? 0);
for (let index = 0; index < seedCount; index += 1) add(seedPet(index));

const app = new Koa();
if (process.env.ACCESS_LOG === '1') {
  // pino's defaults: stdout, written as each line comes.
  const log = pino({ base: { service: 'bare-koa' } });
  app.use(async (ctx, next) => {
    const started = performance.now();
    await next();
    log.info(
      {
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    );
  });
}
/** How the handlers answer: as Koa does, from ctx.status and ctx.body (SERVICE_OUTPUTS changes it, below). */
type Answer = (ctx: Koa.Context, status: number, body: object, headers?: HeaderEntry[]) => void;
let answer: Answer = (ctx, status, body, headers = []) => {
  if (status !== 200) ctx.status = status;
  for (const [name, value] of headers) ctx.set(name, value);
  ctx.body = body;
};
if (process.env.SERVICE_OUTPUTS === '1') {
  const serviceHeaders = [
    ...API_SECURITY_HEADER_ENTRIES,
    [REQUEST_ID_HEADER, '3f2a9c4e-8b1d-4e6f-9a2b-7c5d1e0f3a4b'],
    [RATE_LIMIT_POLICY_HEADER, '"default";q=1000000000;w=60'],
    [RATE_LIMIT_HEADER, '"default";r=999999999;t=1'],
    ['Deprecation', GET_PET_DEPRECATION],
    ['Sunset', GET_PET_SUNSET],
  ].flat();
  // As this service writes a JSON answer: status line and every header in one writeHead.
  answer = (ctx, status, body, headers = []) => {
    const json = JSON.stringify(body);
    ctx.respond = false;
    ctx.res.writeHead(status, [
      ...serviceHeaders,
      ...headers.flat(),
      'Content-Type',
      'application/json; charset=utf-8',
      'Content-Length',
      String(Buffer.byteLength(json)),
    ]);
    ctx.res.end(json);
  };
  const log = createLogger({ logLevel: 'info' });
  app.use(async (ctx, next) => {
    const started = performance.now();
    await next();
    log.info(
      {
        method: ctx.method,
        path: ctx.path,
        status: ctx.res.statusCode,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    );
  });
}
const router = new Router({ prefix: '/v1' });
app.use(async (ctx, next) => {
  if (ctx.get('Authorization') !== `Bearer ${BENCH_KEY}`) {
    answer(ctx, 401, { code: 'unauthorized', message: 'no', status: 401 });
    return;
  }
  await next();
});
router.get('/pets', (ctx) => {
  const limit = ctx.query.limit === undefined ? 20 : Number(ctx.query.limit);
  const status = typeof ctx.query.status === 'string' ? ctx.query.status : undefined;
  const list = status === undefined ? pets : (byStatus[status] ?? []);
  answer(ctx, 200, list.slice(0, limit));
});
router.post('/pets', bodyParser(), (ctx) => {
  const body = ctx.request.body as { name?: unknown; categoryId?: unknown; status?: string };
  if (typeof body.name !== 'string' || typeof body.categoryId !== 'number') {
    answer(ctx, 400, { code: 'invalid_body', message: 'no', status: 400 });
    return;
  }
  const pet = add(
    body.status === undefined
      ? { name: body.name, categoryId: body.categoryId }
      : { name: body.name, categoryId: body.categoryId, status: body.status },
  );
  answer(ctx, 201, pet, [['Location', `/v1/pets/${pet.id}`]]);
});
router.get('/pets/:petId', (ctx) => {
  const pet = pets[Number(ctx.params.petId) - 1];
  if (pet === undefined) {
    answer(ctx, 404, { code: 'not_found', message: 'no', status: 404 });
    return;
  }
  answer(ctx, 200, pet);
});
app.use(router.routes());
const server = app.listen(0, '127.0.0.1', () => {
  announceReady((server.address() as { port: number }).port);
});
