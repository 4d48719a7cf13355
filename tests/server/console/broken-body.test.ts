// A console post whose chunked framing breaks (a bad chunk size) is answered, as the API's is: one
// 400 problem+json saying the connection closes, from the gate's body reader, after node's parser
// fails (server/api-listener.ts). It used to drop the connection without a word.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachServer, type ApiHandler } from '../../../server/api-listener.ts';
import { consoleGate } from '../../../server/console-gate.ts';
import { openRaw } from '../raw-http.ts';

let server: Server;
let port = 0;
let reachedPage = 0;

beforeAll(async () => {
  const api = Object.assign(
    (_req: unknown, res: { writeHead(status: number): { end(): void } }) => res.writeHead(404).end(),
    { record: () => undefined },
  ) as unknown as ApiHandler;
  const page = consoleGate((_req, res) => {
    reachedPage++;
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end('page');
  }, undefined);
  server = createServer();
  attachServer(server, api, page);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((done) => server.close(done)));

const head = (path: string) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n`;

describe('a console post with a bad chunk size', () => {
  it.each([
    ['before any data', (path: string) => `${head(path)}zz\r\nintent=add\r\n0\r\n\r\n`],
    ['after a chunk', (path: string) => `${head(path)}a\r\nintent=add\r\nzz\r\n0\r\n\r\n`],
  ])('%s is one 400 problem+json that says it closes, and reaches no page', async (_name, bytes) => {
    const before = reachedPage;
    const connection = await openRaw(port, bytes('/app/operators'));
    await connection.closed;
    const received = connection.received();
    expect(received).toMatch(/^HTTP\/1\.1 400 /);
    expect(received.match(/HTTP\/1\.1 \d{3} /g)).toHaveLength(1);
    expect(received).toMatch(/\r\nconnection: close\r\n/i);
    expect(received).toMatch(/\r\ncontent-type: application\/problem\+json\r\n/i);
    expect(received).toContain('"code":"invalid_request"');
    expect(received).toMatch(/\r\nrequest-id: req_[A-Za-z0-9]{24}\r\n/i);
    expect(reachedPage).toBe(before);
  });
});
