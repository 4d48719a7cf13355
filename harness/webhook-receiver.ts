// A webhook receiver on 127.0.0.1 for tests: answers each delivery as the test says (a status and
// headers, or never), records what it got, and is closed by the test that started it.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How to answer one delivery: a status (and headers), or `hang` (never answer). */
export type Answer = { status: number; headers?: Record<string, string> } | 'hang';

/** One delivery as received. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A running receiver. */
export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  /** TCP connections accepted (a refused-before-connecting delivery makes none). */
  connections(): number;
  close(): Promise<void>;
}

/** Starts a receiver; `answer(n)` says how to answer the n-th delivery (0-based). Default 204. */
export async function startReceiver(
  answer: (n: number, r: Received) => Answer = () => ({ status: 204 }),
): Promise<Receiver> {
  const received: Received[] = [];
  let connections = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const r = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      const how = answer(received.length, r);
      received.push(r);
      if (how === 'hang') return;
      response.writeHead(how.status, how.headers ?? {}).end();
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    connections: () => connections,
    close: () =>
      new Promise((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
