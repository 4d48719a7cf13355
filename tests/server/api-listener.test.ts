// What node:http answers outside 'request', on the production server: CONNECT, an Expect other than
// 100-continue, requests it cannot parse, headers too large or too slow. Each is problem+json the
// OpenAPI document declares, and a slow-header connection is closed by its deadline. Junk after a
// request in the same write never costs that request its answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openRaw, sendRaw, type RawAnswer } from './raw-http.ts';
import { serverRunner } from '../api/orders/runners.ts';
import { assertMatchesOpenApi } from '../api/orders/openapi-check.ts';
import type { ApiRequest } from '../api/orders/contract-types.ts';
import { fixtureKeys } from '../../harness/fixture-world.ts';
import { until } from '../helpers/poll.ts';

let server: Awaited<ReturnType<typeof serverRunner>>;
beforeAll(async () => {
  // Deadlines small enough to watch; how often node enforces them stays the server's default.
  server = await serverRunner(undefined, { headersMs: 300, requestMs: 600 });
});
afterAll(() => server.close());

/** Asserts a raw answer is the problem `type` ends with, declared by the OpenAPI document. */
async function expectProblem(request: ApiRequest, answer: RawAnswer, status: number, slug: string) {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toBe('application/problem+json');
  const body = JSON.parse(answer.body) as { type: string; status: number };
  expect(body).toMatchObject({ type: `https://estate.example/problems/${slug}`, status });
  const headers = Object.fromEntries(Object.entries(answer.headers).map(([k, v]) => [k, String(v)]));
  await assertMatchesOpenApi(request, { status: answer.status, headers, body, rawBody: answer.body });
}

describe('node:http edges', () => {
  it('answers CONNECT with a 405 problem and Allow, then closes', async () => {
    const answer = await sendRaw(server.port, { method: 'CONNECT', target: 'estate.test:443' });
    await expectProblem({ method: 'CONNECT', path: 'estate.test:443' }, answer, 405, 'method-not-allowed');
    expect(answer.headers.allow).toBe('GET, HEAD, POST');
  });

  it('answers an Expect other than 100-continue with a 417 problem', async () => {
    const request = { method: 'GET', path: '/v2/openapi.json', headers: { expect: 'bogus' } };
    const answer = await sendRaw(server.port, { ...request, target: request.path });
    await expectProblem(request, answer, 417, 'expectation-failed');
  });

  it.each([
    [
      'a request line node cannot parse',
      400,
      'invalid-request',
      'GET /v2/orders HTTP/1.1\r\nHost: x\r\nContent-Length: x\r\n\r\n',
    ],
    ['raw UTF-8 in the request-target', 400, 'invalid-request', 'GET /v2/é HTTP/1.1\r\nHost: x\r\n\r\n'],
    [
      'headers over 16 KiB',
      431,
      'headers-too-large',
      `GET /v2/orders HTTP/1.1\r\nHost: x\r\nX-Pad: ${'a'.repeat(17 * 1024)}\r\n\r\n`,
    ],
  ])('answers %s with a %i %s problem, then closes', async (_name, status, slug, bytes) => {
    const connection = await openRaw(server.port, Buffer.from(bytes, 'utf8').toString('latin1'));
    await connection.closed;
    const text = Buffer.from(connection.received(), 'latin1').toString('utf8');
    expect(text).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
    expect(text).toMatch(/\r\ncontent-type: application\/problem\+json\r\n/i);
    const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as { status: number; type: string };
    expect(body.status).toBe(status);
    expect(body.type).toBe(`https://estate.example/problems/${slug}`);
  });

  it('answers a HEAD it cannot parse without a body', async () => {
    const connection = await openRaw(server.port, 'HEAD /v2/orders?\xc3\xa9 HTTP/1.1\r\nHost: x\r\n\r\n');
    await connection.closed;
    expect(connection.received()).toMatch(/^HTTP\/1.1 400 /);
    expect(connection.received()).toMatch(/\r\n\r\n$/);
  });

  it('closes a connection whose headers do not arrive by their deadline, with a 408 problem', async () => {
    // The request line and one header, then nothing: node enforces headersMs (300 ms) about every
    // second; without connectionsCheckingInterval it would look only every 30 s.
    const connection = await openRaw(server.port, 'POST /v2/orders HTTP/1.1\r\nHost: x\r\n');
    const closedAfterMs = await Promise.race([
      connection.closed,
      new Promise<number>((_, fail) => setTimeout(() => fail(new Error('still open after 5 s')), 5_000)),
    ]);
    expect(closedAfterMs).toBeGreaterThanOrEqual(300);
    expect(connection.received()).toMatch(/^HTTP\/1.1 408 /);
    expect(connection.received()).toContain('"code":"request_timeout"');
  });
});

/** A POST /v2/orders head with `framing` (Content-Length or Transfer-Encoding) as its last header. */
const orderHead = (framing: string) =>
  `POST /v2/orders HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${fixtureKeys.fuzz}\r\n` +
  `Content-Type: application/json\r\n${framing}\r\n\r\n`;
const order = JSON.stringify({ customer: 'cus_acme', lines: [{ sku: 'sku_widget', qty: 1 }] });

/** The status of every answer in `text`, in order (an answer follows the previous body directly). */
const statusLines = (text: string) => [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => Number(m[1]));

describe('a transfer coding other than chunked', () => {
  it('is a 501 problem the OpenAPI document declares, and creates nothing (RFC 9112 §6.1)', async () => {
    const orders = await server.store();
    const before = await orders.count();
    const chunked = `${order.length.toString(16)}\r\n${order}\r\n0\r\n\r\n`;
    const connection = await openRaw(
      server.port,
      `${orderHead('Transfer-Encoding: gzip, chunked')}${chunked}`,
    );
    await until('an answer', () => answersIn(connection.received())[0]);
    connection.socket.destroy();
    const [answer] = answersIn(connection.received());
    const request = { method: 'POST', path: '/v2/orders' };
    await expectProblem(
      request,
      { status: answer?.status ?? 0, headers: answer?.headers ?? {}, body: answer?.body ?? '' },
      501,
      'transfer-coding-not-implemented',
    );
    expect(await orders.count()).toBe(before);
  });
});

describe('junk after a request in the same write', () => {
  it.each([
    [
      'a second request node cannot parse',
      `${orderHead(`Content-Length: ${order.length}`)}${order}junk\r\n\r\n`,
    ],
    [
      'a body longer than its Content-Length',
      `${orderHead(`Content-Length: ${order.length}`)}${order}}}\r\n\r\n`,
    ],
  ])('answers the request received in full (201), then %s (400), then closes', async (_name, bytes) => {
    const orders = await server.store();
    const before = await orders.count();
    const connection = await openRaw(server.port, bytes);
    await connection.closed;
    expect(statusLines(connection.received())).toEqual([201, 400]);
    expect(connection.received()).toContain('"type":"https://estate.example/problems/invalid-request"');
    expect(await orders.count()).toBe(before + 1);
  });

  it.each([
    ['before any data', `${orderHead('Transfer-Encoding: chunked')}zz\r\n${order}\r\n0\r\n\r\n`],
    [
      'after a chunk holding a whole order',
      `${orderHead('Transfer-Encoding: chunked')}${order.length.toString(16)}\r\n${order}\r\nzz\r\n0\r\n\r\n`,
    ],
  ])(
    'answers a bad chunk size %s with one 400 that says it closes, and creates nothing',
    async (_name, bytes) => {
      const orders = await server.store();
      const before = await orders.count();
      const connection = await openRaw(server.port, bytes);
      await connection.closed;
      expect(statusLines(connection.received())).toEqual([400]);
      expect(connection.received()).toMatch(/\r\nconnection: close\r\n/i);
      expect(connection.received()).not.toMatch(/\r\nkeep-alive:/i);
      expect(connection.received()).toContain('"type":"https://estate.example/problems/invalid-request"');
      expect(await orders.count()).toBe(before);
    },
  );
});

/** Each answer in `text`: its status, its headers (lower-case names) and its body. */
function answersIn(text: string): { status: number; headers: Record<string, string>; body: string }[] {
  const answers = [];
  let rest = text;
  while (rest.startsWith('HTTP/1.1 ')) {
    const headEnd = rest.indexOf('\r\n\r\n');
    const [statusLine = '', ...lines] = rest.slice(0, headEnd).split('\r\n');
    const headers = Object.fromEntries(
      lines.map((line) => [
        line.slice(0, line.indexOf(':')).toLowerCase(),
        line.slice(line.indexOf(':') + 1).trim(),
      ]),
    );
    const end = headEnd + 4 + Number(headers['content-length'] ?? 0);
    answers.push({ status: Number(statusLine.split(' ')[1]), headers, body: rest.slice(headEnd + 4, end) });
    rest = rest.slice(end);
  }
  return answers;
}

/** Writes `bytes` on one connection and waits for `count` answers. */
async function pipelined(bytes: string, count: number) {
  const connection = await openRaw(server.port, bytes);
  await until(`${count} answers`, () => answersIn(connection.received()).length >= count, {
    timeoutMs: 5000,
  });
  connection.socket.destroy();
  return answersIn(connection.received());
}

describe('pipelined requests (RFC 9112 §9.3.2: unsafe ones are not processed in parallel)', () => {
  it('a POST repeated with its Idempotency-Key in the same write is answered as a replay, not 409', async () => {
    const request = `${orderHead(`Idempotency-Key: "pipelined-1"\r\nContent-Length: ${order.length}`)}${order}`;
    const [first, second] = await pipelined(request + request, 2);
    expect([first?.status, second?.status]).toEqual([201, 201]);
    expect(second?.headers['idempotent-replayed']).toBe('true');
    expect(second?.headers.location).toBe(first?.headers.location);
  });

  it('a GET written after a POST in the same write sees the order the POST created', async () => {
    const list = `GET /v2/orders?limit=1 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${fixtureKeys.fuzz}\r\n\r\n`;
    const [created, listed] = await pipelined(
      `${orderHead(`Content-Length: ${order.length}`)}${order}${list}`,
      2,
    );
    expect(created?.status).toBe(201);
    const newest = (JSON.parse(listed?.body ?? '{}') as { data: { id: string }[] }).data[0]?.id;
    expect(`/v2/orders/${newest}`).toBe(created?.headers.location);
  });
});

describe('answers the server gives before the contract runs, in the request log', () => {
  /** The logged request with the request id `text`'s first answer carries. */
  async function logged(text: string) {
    const requestId = /\r\nrequest-id: (req_\w+)\r\n/i.exec(text)?.[1] ?? 'none';
    const log = server.requestLog();
    if (log === null) throw new Error('the server keeps no request log');
    return until(`${requestId} in the log`, () => log.find(requestId), { timeoutMs: 5000 });
  }

  it('a 417 to a valid key names the key (its route follows from its environment)', async () => {
    const headers = { authorization: `Bearer ${fixtureKeys.fuzz}`, expect: 'bogus' };
    const answer = await sendRaw(server.port, { method: 'GET', target: '/v2/orders', headers });
    expect(answer.status).toBe(417);
    const row = await logged(`\r\nrequest-id: ${String(answer.headers['request-id'])}\r\n`);
    expect(row).toMatchObject({ status: 417, key_id: 'key_fuzz', method: 'GET', path: '/v2/orders' });
    expect(row.environment).toBe('sandbox');
  });

  it('a 400 for a request node cannot parse, under the API, is logged', async () => {
    const connection = await openRaw(
      server.port,
      `POST /v2/orders HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 2\r\n\r\n{}`,
    );
    await connection.closed;
    expect(connection.received()).toMatch(/^HTTP\/1.1 400 /);
    expect(await logged(connection.received())).toMatchObject({
      status: 400,
      method: 'POST',
      path: '/v2/orders',
    });
  });
});
