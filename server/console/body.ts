// A console request's body, read by the gate before Astro sees it (docs/decisions.md, "Console
// HTTP"): at most consoleBodyMaxBytes, refused 413 from Content-Length before a byte is read, cut
// off once a chunked body passes the cap, and 408 when it stops arriving within the server's body
// deadline. The bytes are handed to Astro's node adapter as `req.body`, which it takes as the body
// (as it takes an Express body parser's) instead of reading the stream again.
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { announcesBody, readBody } from '../../src/api/http/node.ts';
import { refusedRead } from '../../src/api/orders/body-checks.ts';
import type { PlainResponse } from '../../src/api/orders/plain.ts';
import { problemResponse } from '../../src/api/orders/respond.ts';

/** The most bytes any console request may carry: a form of short fields needs under 1 KiB. */
export const consoleBodyMaxBytes = 16 * 1024;

function tooLarge(): PlainResponse {
  return problemResponse(
    'payload-too-large',
    `A console request's body is at most ${consoleBodyMaxBytes} bytes (16 KiB)`,
  );
}

/** The 413 for a request whose Content-Length is over the cap, or null: decided before any reading. */
export function declaredTooLarge(headers: IncomingHttpHeaders): PlainResponse | null {
  return Number(headers['content-length'] ?? 0) > consoleBodyMaxBytes ? tooLarge() : null;
}

/**
 * Reads the body of a console request within `timeoutMs`: its bytes (empty when it announces
 * none), or the problem that refuses it (413, 408, a broken framing 400, a transfer coding 501).
 */
export async function readConsoleBody(
  req: IncomingMessage,
  timeoutMs: number,
): Promise<Buffer | PlainResponse> {
  if (!announcesBody(req.headers)) return Buffer.alloc(0);
  const read = await readBody(req, consoleBodyMaxBytes, timeoutMs);
  if (read.kind === 'body') return Buffer.from(read.bytes.buffer, read.bytes.byteOffset, read.bytes.length);
  if (read.kind === 'too-large') return tooLarge();
  // Broken framing 400, a transfer coding 501, too slow 408: as the API answers them.
  return refusedRead(read, {});
}

/** Hands a body the gate has read to Astro's node adapter, which then leaves the stream alone. */
export function handOver(req: IncomingMessage, bytes: Buffer): void {
  Object.assign(req, { body: bytes });
}
