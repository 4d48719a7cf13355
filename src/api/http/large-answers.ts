// The API's few large answers (the OpenAPI documents, about 190 KB) go compressed when the caller
// accepts it; everything else, `POST /v2/orders` included, is far below the threshold and gets no
// CPU added. A large answer is the same text request after request, so the bytes of the last few
// texts compressed are kept (the Orders and the management API's documents, in two codings).
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Coding } from './accept-encoding.ts';

/** Answers at least this long (in UTF-16 units, about bytes for JSON) may be compressed. */
export const compressAboveLength = 32 * 1024;

/** The texts compressed last, newest first. */
const kept: { text: string; coding: Coding; bytes: Buffer }[] = [];
const keptAtMost = 8;

/** `text` in `coding`, from the cache when it was among the last texts compressed in that coding. */
export function compressedText(text: string, coding: Exclude<Coding, 'identity'>): Buffer {
  const hit = kept.find((k) => k.coding === coding && k.text === text);
  if (hit) return hit.bytes;
  const bytes =
    coding === 'br'
      ? brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
      : gzipSync(text, { level: 9 });
  kept.unshift({ text, coding, bytes });
  kept.length = Math.min(kept.length, keptAtMost);
  return bytes;
}
