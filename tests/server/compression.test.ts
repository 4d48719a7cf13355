// Compression of the console: the build's precompressed files served in the coding the client
// accepts (brotli, else gzip, else identity), always with `Vary: Accept-Encoding`, byte-identical
// once decompressed; HTML and JSON made per request compressed as they stream when large enough.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCompression } from '../../server/compression.ts';
import { precompress } from '../../scripts/precompress.ts';

const island = `export const chart = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => `point ${i}`))};\n`;
const page = `<!doctype html><title>Keys</title>${'<tr><td>key_sandbox</td><td>Active</td></tr>'.repeat(200)}`;
const smallScript = 'console.log(1);\n';
const dynamicChunks = ['<!doctype html><main>', '<p>request log row</p>'.repeat(100), '</main>'];
const smallJson = JSON.stringify({ ok: true });
// A page larger than the compressor's buffer, piped in as Astro's static handler (send) pipes a file.
const bigPage = `<!doctype html>${'<tr><td>key_sandbox</td><td>Active</td></tr>'.repeat(8000)}`;

let dir: string;
let server: Server;
let port: number;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'estate-compression-'));
  mkdirSync(join(dir, '_astro'));
  mkdirSync(join(dir, 'app/keys'), { recursive: true });
  writeFileSync(join(dir, '_astro/island.js'), island);
  writeFileSync(join(dir, '_astro/small.js'), smallScript);
  writeFileSync(join(dir, 'app/keys/index.html'), page);
  precompress(dir);
  // The Astro handler's stand-in: an on-demand page streamed in chunks, a small JSON, else 404.
  const handler = withCompression((req, res) => {
    if (req.url === '/app/logs') {
      res.writeHead(200, { 'content-type': 'text/html' });
      for (const chunk of dynamicChunks.slice(0, -1)) res.write(chunk);
      res.end(dynamicChunks.at(-1));
    } else if (req.url === '/app/piped') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      const bytes = Buffer.from(bigPage);
      const chunks = Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) =>
        bytes.subarray(i * 65536, (i + 1) * 65536),
      );
      Readable.from(chunks, { objectMode: false }).pipe(res);
    } else if (req.url === '/app/etagged') {
      res.writeHead(200, {
        'content-type': 'text/html',
        etag: '"v1"',
        'content-length': String(page.length),
      });
      res.end(page);
    } else if (req.url === '/app/status.json') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(smallJson.length) });
      res.end(smallJson);
    } else if (req.url === '/_astro/small.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(smallScript);
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  }, dir);
  server = createServer((req, res) => void handler(req, res));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((done) => server.close(done));
  rmSync(dir, { recursive: true, force: true });
});

/** GETs (or HEADs) `path` with `headers`, and the raw body as sent (nothing decompressed). */
function fetchRaw(path: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((done, fail) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', fail);
    req.end();
  });
}

/** The body as the client reads it once decoded. */
function decoded(answer: { headers: IncomingHttpHeaders; body: Buffer }): string {
  const coding = answer.headers['content-encoding'];
  if (coding === 'br') return brotliDecompressSync(answer.body).toString('utf8');
  if (coding === 'gzip') return gunzipSync(answer.body).toString('utf8');
  return answer.body.toString('utf8');
}

describe('precompressed static files', () => {
  it('writes brotli and gzip beside files of 1 KiB and more, not beside smaller ones', () => {
    expect(existsSync(join(dir, '_astro/island.js.br'))).toBe(true);
    expect(existsSync(join(dir, '_astro/island.js.gz'))).toBe(true);
    expect(existsSync(join(dir, '_astro/small.js.br'))).toBe(false);
  });

  it.each([
    ['brotli when accepted', 'gzip, deflate, br', 'br'],
    ['gzip when brotli is not', 'gzip, deflate', 'gzip'],
    ['identity when neither is', 'deflate', undefined],
    ['identity without Accept-Encoding', undefined, undefined],
  ])('sends the island as %s, byte-identical once decoded', async (_, accept, coding) => {
    const answer = await fetchRaw('/_astro/island.js', accept ? { 'accept-encoding': accept } : {});
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe(coding);
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    expect(decoded(answer)).toBe(island);
    if (coding) expect(answer.body.length).toBeLessThan(island.length / 3);
  });

  it.each(['/app/keys/', '/app/keys', '/app/keys/index.html'])(
    'sends a prerendered page at %s compressed',
    async (path) => {
      const answer = await fetchRaw(path, { 'accept-encoding': 'br' });
      expect(answer.headers['content-encoding']).toBe('br');
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
      expect(decoded(answer)).toBe(page);
    },
  );

  it('answers a HEAD without a body, and a matching If-None-Match with 304', async () => {
    const head = await fetchRaw('/_astro/island.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    const etag = head.headers.etag ?? '';
    const again = await fetchRaw('/_astro/island.js', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.vary).toBe('Accept-Encoding');
    const gzip = await fetchRaw('/_astro/island.js', { 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(gzip.status).toBe(200);
  });
});

describe('dynamic answers', () => {
  it.each([
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['identity', undefined],
  ])('compresses a streamed page of 1 KiB and more (%s)', async (accept, coding) => {
    const answer = await fetchRaw('/app/logs', { 'accept-encoding': accept });
    expect(answer.headers['content-encoding']).toBe(coding);
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(decoded(answer)).toBe(dynamicChunks.join(''));
  });

  it.each(['br', 'gzip'])('finishes a large page piped in with backpressure (%s)', async (accept) => {
    const answer = await fetchRaw('/app/piped', { 'accept-encoding': accept });
    expect(answer.headers['content-encoding']).toBe(accept);
    expect(decoded(answer)).toBe(bigPage);
  });

  it('weakens the entity tag of an answer it compresses', async () => {
    const compressed = await fetchRaw('/app/etagged', { 'accept-encoding': 'gzip' });
    expect(compressed.headers.etag).toBe('W/"v1"');
    expect(decoded(compressed)).toBe(page);
    const identity = await fetchRaw('/app/etagged');
    expect(identity.headers.etag).toBe('"v1"');
  });

  it('sends JSON under 1 KiB as it is, with Vary', async () => {
    const answer = await fetchRaw('/app/status.json', { 'accept-encoding': 'br' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.vary).toBe('Accept-Encoding');
    expect(answer.body.toString()).toBe(smallJson);
  });

  it('leaves a file without compressed copies to the handler', async () => {
    const answer = await fetchRaw('/_astro/small.js', { 'accept-encoding': 'br' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString()).toBe(smallScript);
  });
});
