// The node:http adapter: the 64 KiB cap is enforced without reading the whole body, slow bodies
// time out, and raw bytes reach the contract unchanged.
import { request as httpRequest } from 'node:http';
import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBody } from '../../../src/api/http/node.ts';
import { fixtureKeys } from '../orders/fixture-world.ts';
import { serverRunner } from '../orders/runners.ts';

let server: Awaited<ReturnType<typeof serverRunner>>;
beforeAll(async () => {
  server = await serverRunner();
});
afterAll(() => server.close());

/** Opens a POST, writes `chunks`, never ends the body; resolves with the status once answered. */
function postNeverEnding(
  headers: Record<string, string>,
  chunks: Buffer[],
): Promise<{ status: number; type: string }> {
  const url = new URL(server.baseUrl + '/v2/orders');
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: 'POST',
        path: url.pathname,
        headers: {
          authorization: `Bearer ${fixtureKeys.sandbox}`,
          'content-type': 'application/json',
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, type: (JSON.parse(text) as { type: string }).type });
        });
      },
    );
    req.on('error', reject);
    req.flushHeaders();
    for (const chunk of chunks) req.write(chunk);
  });
}

describe('node:http adapter', () => {
  it('answers 413 from Content-Length alone, before any body is sent', async () => {
    const answer = await postNeverEnding({ 'content-length': String(10 * 1024 * 1024) }, []);
    expect(answer).toEqual({ status: 413, type: 'https://estate.example/problems/payload-too-large' });
  });

  it('answers 413 once a chunked body passes 64 KiB, without waiting for its end', async () => {
    const answer = await postNeverEnding({}, [Buffer.alloc(40 * 1024, 0x20), Buffer.alloc(40 * 1024, 0x20)]);
    expect(answer.status).toBe(413);
  });

  it('passes raw bytes through: invalid UTF-8 is 400 malformed-json', async () => {
    const res = await fetch(server.baseUrl + '/v2/orders', {
      method: 'POST',
      headers: { authorization: `Bearer ${fixtureKeys.sandbox}`, 'content-type': 'application/json' },
      body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { type: string }).type).toMatch(/malformed-json$/);
  });

  it('gives up on a body that does not arrive in time', async () => {
    const stream = new PassThrough();
    stream.write('{"customer":');
    const read = await readBody(
      Object.assign(stream, { headers: {} }) as unknown as IncomingMessage,
      1024,
      50,
    );
    expect(read).toEqual({ body: null, tooLarge: false, timedOut: true });
  });

  it('reads a body that arrives in pieces', async () => {
    const stream = new PassThrough();
    const reading = readBody(
      Object.assign(stream, { headers: {} }) as unknown as IncomingMessage,
      1024,
      1000,
    );
    stream.write('{"a":');
    stream.end('1}');
    const read = await reading;
    expect(read.body?.toString()).toBe('{"a":1}');
  });
});
