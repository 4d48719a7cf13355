// The node:http adapter: whatever the headers decide (credential, size, coding, media type) is
// decided before a byte of the body is read, and a refused body is not waited for; the 64 KiB cap
// is enforced without reading the whole body, slow bodies time out, raw bytes reach the contract.
import { createServer, request as httpRequest } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readBody } from '../../../src/api/http/node.ts';
import { openRaw } from '../../server/raw-http.ts';
import { fixtureKeys } from '../../../harness/fixture-world.ts';
import { serverRunner } from '../orders/runners.ts';

let server: Awaited<ReturnType<typeof serverRunner>>;
beforeAll(async () => {
  // A body the contract asks for must arrive within 1.5 s here (10 s by default).
  server = await serverRunner(undefined, { bodyMs: 1_500 });
});
afterAll(() => server.close());

/** Raw request headers of a POST /v2/orders announcing a 1,000-byte body. */
function head(headers: Record<string, string>): string {
  const lines = Object.entries({ host: 'estate.test', 'content-length': '1000', ...headers });
  return `POST /v2/orders HTTP/1.1\r\n${lines.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`;
}

const auth = { authorization: `Bearer ${fixtureKeys.sandbox}`, 'content-type': 'application/json' };

/** Resolves with what `promise` gives, or rejects after `ms` (a behaviour check's generous bound). */
function within<T>(ms: number, promise: Promise<T>): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, fail) => setTimeout(() => fail(new Error(`nothing within ${ms} ms`)), ms)),
  ]);
}

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

describe('refusing before the body', () => {
  it.each([
    ['no credential', 401, { 'content-type': 'application/json' }],
    ['a body announced over 64 KiB', 413, { ...auth, 'content-length': String(10 * 1024 * 1024) }],
    ['a Content-Encoding', 415, { ...auth, 'content-encoding': 'gzip' }],
    ['another media type', 415, { ...auth, 'content-type': 'text/plain' }],
  ])('answers %s at once (%i), reads none of the slow body, and closes', async (_name, status, headers) => {
    // A few bytes of the body, and the rest never: the answer must not wait for it.
    const connection = await openRaw(server.port, head(headers) + '{"cust');
    const closedAfterMs = await within(1_000, connection.closed);
    expect(connection.received()).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
    expect(connection.received()).toMatch(/\r\nconnection: close\r\n/i);
    expect(closedAfterMs).toBeLessThan(1_000);
  });

  it('asks for the body (100 Continue) only once the credential has passed', async () => {
    const refused = await openRaw(server.port, head({ expect: '100-continue' }));
    await within(1_000, refused.closed);
    expect(refused.received()).toMatch(/^HTTP\/1.1 401 /);

    const body = JSON.stringify({ customer: 'cus_acme', lines: [{ sku: 'sku_widget', qty: 1 }] });
    const accepted = await openRaw(
      server.port,
      head({ ...auth, expect: '100-continue', 'content-length': String(body.length) }),
    );
    await vi.waitFor(() => expect(accepted.received()).toMatch(/^HTTP\/1.1 100 Continue\r\n\r\n$/), {
      timeout: 2_000,
    });
    accepted.socket.write(body);
    await vi.waitFor(() => expect(accepted.received()).toMatch(/\r\n\r\nHTTP\/1.1 201 Created\r\n/), {
      timeout: 2_000,
    });
    accepted.socket.destroy();
  });

  it('waits for an authorised body until its deadline, then answers 408 and closes', async () => {
    const connection = await openRaw(server.port, head(auth) + '{"cust');
    const closedAfterMs = await within(5_000, connection.closed);
    expect(connection.received()).toMatch(/^HTTP\/1.1 408 /);
    expect(connection.received()).toContain('Send the body within 1.5 s');
    expect(closedAfterMs).toBeGreaterThanOrEqual(1_400);
  });
});

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
    expect(read).toEqual({ kind: 'timed-out', afterMs: 50 });
  });

  /** A request stream holding `chunks` unread, as node leaves it before the handler reads. */
  function arrivedRequest(chunks: string[], fields: { headers: Record<string, string>; complete: boolean }) {
    const stream = new PassThrough();
    for (const chunk of chunks) stream.write(chunk);
    return Object.assign(stream, fields) as unknown as IncomingMessage;
  }

  // node marks a request complete once every body byte is buffered, or (Content-Length framing)
  // a callback after the handler has usually asked: either way nothing more will come
  it.each([
    ['marked complete', ['{"a":', '1}'], { headers: {}, complete: true }],
    [
      'whose Content-Length has all arrived',
      ['{"a":1}'],
      { headers: { 'content-length': '7' }, complete: false },
    ],
  ])('takes a body %s from the buffer, with no wait for its events', async (_, chunks, fields) => {
    const read = await readBody(arrivedRequest(chunks, fields), 1024, 60_000);
    expect(read.kind === 'body' && Buffer.from(read.bytes).toString()).toBe('{"a":1}');
  });

  it('takes from the buffer a body sent with its headers, though asked for in the request event', async () => {
    // node emits 'request' mid-way through parsing the packet: the body is pushed after the handler
    // returns. Read as it streams, the request would be switched to flowing mode for it.
    const seen: { body?: string; flowing?: boolean | null } = {};
    const local = createServer((req, res) => {
      void Promise.resolve(readBody(req, 1024, 60_000)).then((read) => {
        seen.body = read.kind === 'body' ? Buffer.from(read.bytes).toString() : read.kind;
        seen.flowing = req.readableFlowing;
        res.end();
      });
    });
    await new Promise<void>((listening) => local.listen(0, '127.0.0.1', listening));
    try {
      const { port } = local.address() as AddressInfo;
      const socket = connect(port, '127.0.0.1');
      socket.end('POST / HTTP/1.1\r\nhost: x\r\ncontent-length: 7\r\n\r\n{"a":1}');
      await vi.waitFor(() => expect(seen.body).toBe('{"a":1}'));
      expect(seen.flowing).not.toBe(true);
      socket.destroy();
    } finally {
      local.close();
    }
  });

  it('waits for the rest of a Content-Length body that has partly arrived', async () => {
    const partial = arrivedRequest(['{"a":'], { headers: { 'content-length': '7' }, complete: false });
    expect(await readBody(partial, 1024, 50)).toEqual({
      kind: 'timed-out',
      afterMs: 50,
    });
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
    expect(read.kind === 'body' && Buffer.from(read.bytes).toString()).toBe('{"a":1}');
  });
});
