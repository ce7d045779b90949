// The ceiling of Node on the machine it runs on: node:http answering the same requests with bodies
// serialised once at start-up. No framework, no parsing beyond a URL lookup.
import { createServer } from 'node:http';
import { announceReady, BENCH_KEY, seedPet } from './seed.js';

const seedCount = Number(process.env.SEED_PETS ?? 0);
const pets = Array.from({ length: seedCount }, (_, index) => ({ id: index + 1, ...seedPet(index) }));
const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const answers = new Map<string, Buffer>([
  ['/v1/pets?limit=20', json(pets.slice(0, 20))],
  ['/v1/pets?status=sold&limit=100', json(pets.filter((pet) => pet.status === 'sold').slice(0, 100))],
]);
const created = json({ id: seedCount + 1, name: 'Bench', categoryId: 1, status: 'available' });
const notFound = json({ code: 'not_found', message: 'no', status: 404 });

const server = createServer((request, response) => {
  if (request.headers.authorization !== `Bearer ${BENCH_KEY}`) {
    response.writeHead(401).end();
    return;
  }
  const url = request.url ?? '';
  if (request.method === 'POST') {
    request.resume();
    request.on('end', () => {
      response
        .writeHead(201, { 'Content-Type': 'application/json; charset=utf-8', Location: `/v1/pets/${seedCount + 1}` })
        .end(created);
    });
    return;
  }
  const listed = answers.get(url);
  if (listed !== undefined) {
    response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' }).end(listed);
    return;
  }
  const pet = pets[Number(url.slice('/v1/pets/'.length)) - 1];
  if (pet === undefined) {
    response.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8' }).end(notFound);
    return;
  }
  response.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' }).end(json(pet));
});
server.listen(0, '127.0.0.1', () => {
  announceReady((server.address() as { port: number }).port);
});
