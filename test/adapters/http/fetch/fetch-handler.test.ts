import { describe, expect, it } from 'vitest';
import type { ApiContract } from '../../../../adapters/http/contract/api-contract.js';
import type { HostRequest, HostResponse } from '../../../../adapters/http/contract/host-request.js';
import { fetchHandlerOf } from '../../../../adapters/http/fetch/fetch-handler.js';

/** A contract that answers what it is told to, and keeps the requests it was handed. */
function contractAnswering(answer: HostResponse): { contract: ApiContract; handed: HostRequest[] } {
  const handed: HostRequest[] = [];
  const contract = {
    handle: (request: HostRequest) => {
      handed.push(request);
      return Promise.resolve(answer);
    },
  } as unknown as ApiContract;
  return { contract, handed };
}

describe('the fetch handler', () => {
  it("hands the contract the request's method, its target as sent, its headers, its body and the peer", async () => {
    const { contract, handed } = contractAnswering({ status: 200, headers: [], body: '[]' });
    const request = new Request('http://shop.example:8080/v1/pets?limit=5&status=sold', {
      method: 'POST',
      headers: { 'X-Request-Id': 'r-1' },
      body: 'sent',
    });
    await fetchHandlerOf(contract)(request, { clientAddress: '198.51.100.4' });
    const [received] = handed;
    expect(received).toMatchObject({
      method: 'POST',
      target: '/v1/pets?limit=5&status=sold',
      clientAddress: '198.51.100.4',
    });
    expect([received?.header('x-request-id'), received?.header('idempotency-key')]).toEqual(['r-1', undefined]);
    expect(received?.body).toBe(request.body);
  });

  it('takes the root for a URL without a path, and an unknown peer as none', async () => {
    const { contract, handed } = contractAnswering({ status: 200, headers: [], body: '{}' });
    const bare = new Request('http://shop.example');
    // A WHATWG URL always has a path: a runtime's own Request may still give its URL without one.
    await fetchHandlerOf(contract)(Object.defineProperty(bare, 'url', { value: 'http://shop.example' }));
    expect([handed[0]?.target, handed[0]?.clientAddress]).toEqual(['/', '']);
  });

  it("answers with the contract's status, headers in order, and body; none for a body the contract left out", async () => {
    const headers: [string, string][] = [
      ['Allow', 'HEAD, GET'],
      ['X-Request-Id', 'r-2'],
    ];
    const empty = await fetchHandlerOf(contractAnswering({ status: 204, headers, body: undefined }).contract)(
      new Request('http://shop.example/v1/pets', { method: 'OPTIONS' }),
    );
    expect([empty.status, [...empty.headers], await empty.text()]).toEqual([
      204,
      [
        ['allow', 'HEAD, GET'],
        ['x-request-id', 'r-2'],
      ],
      '',
    ]);
    const full = await fetchHandlerOf(contractAnswering({ status: 201, headers, body: '{"id":1}' }).contract)(
      new Request('http://shop.example/v1/pets'),
    );
    expect([full.status, await full.text()]).toEqual([201, '{"id":1}']);
  });
});
