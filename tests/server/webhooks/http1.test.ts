// The deliveries' HTTP/1.1 client against servers that answer byte by byte as each case says: it
// reads the status and Retry-After from the head, skips interim answers, drains bodies framed by
// length or by chunks and keeps the connection, drops it when the server says so or frames the body
// by closing, gives up at its deadline, refuses what is not HTTP/1.1, and verifies certificates.
import { createServer as createHttpsServer } from 'node:https';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Http1Client } from '../../../server/webhooks/http1.ts';
import { startReceiver } from '../../../harness/webhook-receiver.ts';
import { selfSignedCertificate } from '../../helpers/self-signed.ts';

const closers: (() => unknown)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A client closed after the test. */
function client(options?: ConstructorParameters<typeof Http1Client>[0]): Http1Client {
  const c = new Http1Client(options);
  closers.push(() => c.close());
  return c;
}

/** How to answer: bytes, bytes and then close the connection, reset it at once, or never. */
type Answer = string | { thenClose: string } | { reset: true } | null;

/** A raw server: its URL, the connections it accepted, and one that the client closes next. */
interface RawServer {
  url: URL;
  connections(): number;
  nextClosed(): Promise<void>;
}

/**
 * A TCP server that answers the n-th request (read up to its body), on its c-th connection (from 1),
 * with `answer(n, c)`, byte by byte (after 300 bytes, the rest at once).
 */
async function rawServer(answer: (n: number, connection: number) => Answer): Promise<RawServer> {
  let requests = 0;
  let connections = 0;
  let closed: () => void = () => undefined;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    const connection = ++connections;
    sockets.add(socket);
    socket.on('close', () => closed());
    let seen = '';
    socket.on('data', (chunk) => {
      seen += chunk.toString('latin1');
      const head = seen.indexOf('\r\n\r\n');
      const length = Number(/content-length: (\d+)/.exec(seen)?.[1] ?? 0);
      if (head < 0 || seen.length < head + 4 + length) return;
      seen = seen.slice(head + 4 + length);
      const how = answer(requests++, connection);
      if (how === null) return; // never answers
      if (typeof how !== 'string' && 'reset' in how) return void socket.destroy();
      const text = typeof how === 'string' ? how : how.thenClose;
      for (const byte of text.slice(0, 300)) socket.write(byte);
      socket.write(text.slice(300));
      if (typeof how !== 'string') socket.end();
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  closers.push(() => {
    for (const s of sockets) s.destroy();
    return new Promise((done) => server.close(done));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}/hooks`),
    connections: () => connections,
    nextClosed: () => new Promise<void>((done) => (closed = done)),
  };
}

const OK = 'HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n';

const post = (c: Http1Client, url: URL, timeoutMs = 2_000) =>
  c.post(url, { 'content-type': 'application/json' }, '{"id":"evt_1"}', timeoutMs);

describe('the deliveries HTTP/1.1 client', () => {
  it('sends each POST on one kept-alive connection to a node:http receiver', async () => {
    const r = await startReceiver();
    closers.push(() => r.close());
    const c = client();
    for (let i = 0; i < 3; i++)
      expect(await post(c, new URL(r.url))).toEqual({ status: 204, retryAfter: undefined });
    expect(r.received.map((x) => [x.body, x.headers['content-type']])).toEqual(
      Array(3).fill(['{"id":"evt_1"}', 'application/json']),
    );
    expect(r.connections()).toBe(1);
  });

  it.each([
    ['a Content-Length body', 'HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello'],
    [
      'a chunked body with trailers',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;x=1\r\nhello\r\n6\r\n world\r\n0\r\nX-T: 1\r\n\r\n',
    ],
    ['an interim 100 first', 'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n'],
  ])('reads %s byte by byte and keeps the connection', async (_name, text) => {
    const s = await rawServer(() => text);
    const c = client();
    for (let i = 0; i < 3; i++) expect(await post(c, s.url)).toEqual({ status: 200, retryAfter: undefined });
    expect(s.connections()).toBe(1);
  });

  it.each([
    ['says Connection: close', 'HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n'],
    ['frames the body by closing', 'HTTP/1.1 200 OK\r\n\r\nthe rest until the end'],
    ['answers HTTP/1.0 without keep-alive', 'HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n'],
    [
      'keeps idle connections for under a second',
      'HTTP/1.1 200 OK\r\nKeep-Alive: timeout=1\r\nContent-Length: 0\r\n\r\n',
    ],
    ['sends a body over 64 KiB', `HTTP/1.1 200 OK\r\nContent-Length: 70000\r\n\r\n${'x'.repeat(70_000)}`],
  ])('opens a new connection for each POST when the server %s', async (_name, text) => {
    const s = await rawServer(() => text);
    const c = client();
    for (let i = 0; i < 2; i++) expect(await post(c, s.url)).toMatchObject({ status: 200 });
    expect(s.connections()).toBe(2);
  });

  it('sends once more on a new connection when a kept-alive one was closed before any answer', async () => {
    const s = await rawServer((n) =>
      n === 1 ? { reset: true } : 'HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n',
    );
    const c = client();
    for (let i = 0; i < 2; i++) expect(await post(c, s.url)).toMatchObject({ status: 200 });
    expect(s.connections()).toBe(2);
  });

  it('sends once more on a new connection, not on another idle one, when all idle ones are closed', async () => {
    // Three connections idle, then the receiver restarts: every one of them is closed.
    const s = await rawServer((n, connection) => (n >= 3 && connection <= 3 ? { reset: true } : OK));
    const c = client();
    await Promise.all([post(c, s.url), post(c, s.url), post(c, s.url)]);
    expect(s.connections()).toBe(3);
    expect(await post(c, s.url)).toMatchObject({ status: 200 });
    expect(s.connections()).toBe(4);
  });

  it('does not send again when a new connection was closed before any answer', async () => {
    const s = await rawServer(() => ({ reset: true }));
    await expect(post(client(), s.url)).rejects.toThrow(/closed before an answer|ECONNRESET|EPIPE/);
    expect(s.connections()).toBe(1);
  });

  it('ignores a Keep-Alive timeout too large to be a time, and goes on', async () => {
    const s = await rawServer(
      () => `HTTP/1.1 200 OK\r\nKeep-Alive: timeout=${'9'.repeat(400)}\r\nContent-Length: 0\r\n\r\n`,
    );
    const c = client();
    for (let i = 0; i < 2; i++) expect(await post(c, s.url)).toMatchObject({ status: 200 });
    expect(s.connections()).toBe(1);
  });

  it('drops a connection whose chunk size line never ends, at once and not at the deadline', async () => {
    const s = await rawServer(
      () => `HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;${'a'.repeat(20_000)}`,
    );
    const closed = s.nextClosed();
    expect(await post(client(), s.url, 60_000)).toMatchObject({ status: 200 });
    await closed; // long before the 60 s deadline, which the test's own time-out would not reach
  });

  it('reads Retry-After, whatever its case', async () => {
    const s = await rawServer(() => 'HTTP/1.1 503 Busy\r\nRETRY-AFTER: 120\r\nContent-Length: 0\r\n\r\n');
    expect(await post(client(), s.url)).toEqual({ status: 503, retryAfter: '120' });
  });

  // Only the server that never answers waits out the short time-out; the others have 10 s to be
  // read (a 200 ms one failed them as "no answer" on a loaded machine).
  it.each([
    ['never answers', null, 200, /no answer within 200 ms/],
    ['answers with something else than HTTP/1.1', 'hello\r\n\r\n', 10_000, /not an HTTP\/1\.1 answer/],
    [
      'sends a Content-Length that is not a length',
      'HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n',
      10_000,
      /Content-Length/,
    ],
    ['closes before a whole head', { thenClose: 'HTTP/1.1 200' }, 10_000, /closed before an answer/],
  ] as [string, Answer, number, RegExp][])(
    'fails when the server %s',
    async (_name, how, timeoutMs, error) => {
      const s = await rawServer(() => how);
      await expect(post(client(), s.url, timeoutMs)).rejects.toThrow(error);
    },
  );

  it('refuses a header with a line break before connecting', async () => {
    const s = await rawServer(() => 'HTTP/1.1 204 No Content\r\n\r\n');
    await expect(client().post(s.url, { 'webhook-id': 'evt_1\r\nx: y' }, '{}', 1_000)).rejects.toThrow(
      /not a valid header/,
    );
    expect(s.connections()).toBe(0);
  });

  it('verifies the certificate of an https endpoint', async () => {
    const { key, cert } = selfSignedCertificate();
    let connections = 0;
    const server = createHttpsServer({ key, cert }, (_req, res) => res.writeHead(204).end()).on(
      'secureConnection',
      () => connections++,
    );
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    closers.push(() => {
      server.closeAllConnections();
      return new Promise((done) => server.close(done));
    });
    const url = new URL(`https://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`);
    await expect(post(client(), url)).rejects.toThrow(/self-signed|certificate/);
    const trusting = client({ tls: { ca: cert } });
    for (let i = 0; i < 2; i++)
      expect(await post(trusting, url)).toEqual({ status: 204, retryAfter: undefined });
    expect(connections).toBe(1);
  });
});
