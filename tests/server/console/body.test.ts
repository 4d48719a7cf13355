// One cap on every console body (server/console/body.ts): a Content-Length over it is 413
// problem+json before a byte is read, a chunked body is cut off once it passes it, a body that stops
// arriving is 408 problem+json within the deadline, and the console (Astro) gets the bytes that
// arrived, not the stream. The webhook endpoint page, which reads its form before its role
// check, is held to the same cap.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleGate, signInPath } from '../../../server/console-gate.ts';
import { consoleBodyMaxBytes } from '../../../server/console/body.ts';
import { openRaw, sendRaw } from '../raw-http.ts';

const deadlineMs = 400;
let server: Server;
let port = 0;
/** The bodies the stand-in console was handed, as Astro's node adapter reads them (`req.body`). */
const handed: string[] = [];

beforeAll(async () => {
  const gate = consoleGate(
    (req, res) => {
      const body = (req as IncomingMessage & { body?: Buffer }).body;
      handed.push(body === undefined ? '<stream>' : body.toString('utf8'));
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('page');
    },
    undefined,
    { bodyTimeoutMs: deadlineMs },
  );
  server = createServer((req, res) => void gate(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((done) => server.close(done)));

const form = { 'content-type': 'application/x-www-form-urlencoded' };
const formPages = ['/app/operators', '/app/api/events/endpoints/we_x1', signInPath];

/** The status line, headers and body of a raw answer, once the server has closed the connection. */
async function rawAnswer(head: string, then: (write: (text: string) => void) => void = () => undefined) {
  const conn = await openRaw(port, head);
  then((text) => conn.socket.write(text));
  const afterMs = await conn.closed;
  const text = conn.received();
  const [headers = '', body = ''] = text.split('\r\n\r\n');
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]), headers, body, afterMs };
}

describe('a body over the cap', () => {
  it.each(formPages)(
    'declared in Content-Length on %s: 413 problem+json before any of it is sent',
    async (path) => {
      const head = `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 400000000\r\n\r\n`;
      const answer = await rawAnswer(head);
      expect(answer.status).toBe(413);
      expect(answer.headers).toMatch(/content-type: application\/problem\+json/i);
      expect(answer.headers).toMatch(/connection: close/i);
      expect(JSON.parse(answer.body)).toMatchObject({
        status: 413,
        detail: expect.stringContaining(String(consoleBodyMaxBytes)) as unknown,
      });
    },
  );

  it.each(formPages)('sent chunked to %s: cut off once it passes the cap', async (path) => {
    const head = `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n`;
    const chunk = 'a'.repeat(4096);
    const before = handed.length;
    const answer = await rawAnswer(head, (write) => {
      // Far more than the cap, in chunks; the server answers and closes long before the end.
      const timer = setInterval(() => write(`1000\r\n${chunk}\r\n`), 5);
      setTimeout(() => clearInterval(timer), 3_000);
    });
    expect(answer.status).toBe(413);
    expect(answer.afterMs).toBeLessThan(3_000);
    expect(handed.length).toBe(before);
  });

  it('is a small form within it handed to the console as it was sent', async () => {
    const body = 'intent=add&name=Ada&role=viewer';
    const res = await sendRaw(port, { method: 'POST', target: '/app/operators', headers: form, body });
    expect(res.status).toBe(200);
    expect(handed.at(-1)).toBe(body);
  });

  it('is the cap exactly, accepted', async () => {
    const body = `name=${'a'.repeat(consoleBodyMaxBytes - 5)}`;
    const res = await sendRaw(port, { method: 'POST', target: '/app/operators', headers: form, body });
    expect(res.status).toBe(200);
    expect(handed.at(-1)?.length).toBe(consoleBodyMaxBytes);
  });
});

describe('a body that stops arriving', () => {
  it.each(formPages)('on %s: 408 problem+json within the deadline', async (path) => {
    const head = `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nname=Ad`;
    const answer = await rawAnswer(head);
    expect(answer.status).toBe(408);
    expect(answer.headers).toMatch(/content-type: application\/problem\+json/i);
    expect(answer.afterMs).toBeGreaterThanOrEqual(deadlineMs - 50);
    expect(answer.afterMs).toBeLessThan(deadlineMs + 2_000);
    expect(JSON.parse(answer.body)).toMatchObject({
      status: 408,
      request_id: expect.stringMatching(/^req_/) as unknown,
    });
  });
});
