// Compression for the console (the API's answers are small and `POST /v2/orders` gets no CPU added;
// its few large ones, the OpenAPI documents, are src/api/http/large-answers.ts's). Static files the build compressed are sent from memory (./precompressed.ts); HTML and
// JSON made per request (the request log, on-demand pages) are compressed as they stream, when
// larger than minDynamicBytes. Every answer that could be compressed says `Vary: Accept-Encoding`.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { constants, createBrotliCompress, createGzip, type BrotliCompress, type Gzip } from 'node:zlib';
import type { NodeHandler } from './api-listener.ts';
import { acceptedCoding, type Coding } from '../src/api/http/accept-encoding.ts';
import { loadPrecompressed, servePrecompressed } from './precompressed.ts';

export { acceptedCoding, type Coding } from '../src/api/http/accept-encoding.ts';

/** Below this, a dynamic answer goes as it is: compression would save less than its headers cost. */
export const minDynamicBytes = 1024;

/** Dynamic answers worth compressing. */
const compressibleType = /^(text\/html|application\/(json|problem\+json)|text\/plain)\b/i;

/** Adds Accept-Encoding to a response's Vary, once. */
function varyOnEncoding(res: ServerResponse): void {
  const vary = String(res.getHeader('vary') ?? '');
  if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary))
    res.setHeader('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/** A compressor for `coding`: brotli at a quality meant for per-request work, gzip at its default. */
function compressor(coding: Exclude<Coding, 'identity'>): BrotliCompress | Gzip {
  return coding === 'br'
    ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : createGzip({ level: 6 });
}

type Write = ServerResponse['write'];
type End = ServerResponse['end'];

/**
 * Makes `res` compress its body in `coding` if, once its headers are known, it is HTML, JSON or
 * text of at least minDynamicBytes (or of unknown length, streamed), not already coded, and not
 * an answer to HEAD. Each write is flushed through, so a streamed page still arrives as it renders.
 */
function compressAsWritten(req: IncomingMessage, res: ServerResponse, coding: Coding): void {
  const write: Write = res.write.bind(res);
  const end: End = res.end.bind(res);
  const writeHead = res.writeHead.bind(res);
  let decided = false;
  let stream: BrotliCompress | Gzip | null = null;
  const decide = () => {
    if (decided) return;
    decided = true;
    if (!compressibleType.test(String(res.getHeader('content-type') ?? ''))) return;
    varyOnEncoding(res);
    const length = Number(res.getHeader('content-length') ?? Infinity);
    const bodyless = req.method === 'HEAD' || res.statusCode === 204 || res.statusCode === 304;
    const partial = res.statusCode === 206 || res.hasHeader('content-range');
    if (
      coding === 'identity' ||
      bodyless ||
      partial ||
      res.hasHeader('content-encoding') ||
      length < minDynamicBytes
    )
      return;
    res.setHeader('content-encoding', coding);
    res.removeHeader('content-length');
    // Other bytes than the file's: its strong validator (send's, for a static file) becomes weak.
    const etag = res.getHeader('etag');
    if (typeof etag === 'string' && !etag.startsWith('W/')) res.setHeader('etag', `W/${etag}`);
    const zipped = compressor(coding);
    zipped.on('data', (chunk: Buffer) => write(chunk));
    zipped.on('end', () => end());
    stream = zipped;
  };
  res.writeHead = (status: number, ...rest: unknown[]) => {
    const headers = rest.find((r): r is OutgoingHttpHeaders => typeof r === 'object' && r !== null);
    const message = rest.find((r): r is string => typeof r === 'string');
    if (Array.isArray(headers)) return writeHead(status, headers);
    for (const [name, value] of Object.entries(headers ?? {}))
      if (value !== undefined) res.setHeader(name, value);
    res.statusCode = status;
    decide();
    return message === undefined ? writeHead(status) : writeHead(status, message);
  };
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    decide();
    if (stream === null) return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    const zipped: BrotliCompress | Gzip = stream;
    const encoding = typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : undefined;
    const done = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    const wrote = zipped.write(typeof chunk === 'string' ? Buffer.from(chunk, encoding) : (chunk as Buffer));
    zipped.flush(done);
    // A writer told to wait (a piped file) waits for `res` to drain: say so when the compressor has.
    if (!wrote) zipped.once('drain', () => res.emit('drain'));
    return wrote;
  }) as Write;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    decide();
    if (stream === null) return (end as (...args: unknown[]) => ServerResponse)(chunk, ...rest);
    const zipped: BrotliCompress | Gzip = stream;
    const data = typeof chunk === 'function' ? undefined : chunk;
    if (data !== undefined && data !== null) {
      const encoding = typeof rest[0] === 'string' ? (rest[0] as BufferEncoding) : undefined;
      zipped.write(typeof data === 'string' ? Buffer.from(data, encoding) : (data as Buffer));
    }
    zipped.end();
    return res;
  }) as End;
}

/**
 * The console handler with compression: the build's precompressed files under `clientDir` first,
 * then `handler`, whose HTML and JSON answers are compressed as they stream.
 */
export function withCompression(handler: NodeHandler, clientDir: string): NodeHandler {
  const files = loadPrecompressed(clientDir);
  return (req, res) => {
    const coding = acceptedCoding(req.headers['accept-encoding']);
    if (servePrecompressed(req, res, files, coding)) return;
    compressAsWritten(req, res, coding);
    return handler(req, res);
  };
}
