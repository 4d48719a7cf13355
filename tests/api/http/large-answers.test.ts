// The API's large answers (its OpenAPI document) go compressed in the coding the caller accepts,
// with Vary: Accept-Encoding, and decode to the very text sent uncompressed; small answers (an
// order's 201) are never compressed, whatever the caller accepts.
import { get, request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureKeys } from '../../../harness/fixture-world.ts';
import { serverRunner } from '../orders/runners.ts';

let server: Awaited<ReturnType<typeof serverRunner>>;
beforeAll(async () => {
  server = await serverRunner();
});
afterAll(() => server.close());

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

/** A request's raw answer: its bytes as sent, not decoded. */
function raw(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const done = (res: import('node:http').IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }),
      );
    };
    const req =
      method === 'GET'
        ? get(server.baseUrl + path, { headers }, done)
        : request(server.baseUrl + path, { method, headers }, done);
    req.on('error', reject);
    if (method !== 'GET') req.end(body);
  });
}

describe('large answers', () => {
  it.each([
    ['br', 'gzip, deflate, br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
  ] as const)(
    'sends the OpenAPI document in %s, decoding to the identity text',
    async (coding, accept, decode) => {
      const plain = await raw('GET', '/v2/openapi.json', {});
      const coded = await raw('GET', '/v2/openapi.json', { 'accept-encoding': accept });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(coded.headers).toMatchObject({ 'content-encoding': coding, vary: 'Accept-Encoding' });
      expect(Number(coded.headers['content-length'])).toBe(coded.bytes.length);
      expect(coded.bytes.length).toBeLessThan(plain.bytes.length / 4);
      expect(decode(coded.bytes).toString('utf8')).toBe(plain.bytes.toString('utf8'));
    },
  );

  it('never compresses an order 201, whatever the caller accepts', async () => {
    const answer = await raw(
      'POST',
      '/v2/orders',
      {
        authorization: `Bearer ${fixtureKeys.sandbox}`,
        'content-type': 'application/json',
        'accept-encoding': 'br, gzip',
      },
      JSON.stringify({ customer: 'cus_acme', lines: [{ sku: 'sku_widget', qty: 1 }] }),
    );
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.bytes.toString('utf8'))).toHaveProperty('id');
  });
});
