// Parses the Idempotency-Key header: an sf-string ("…") per the draft, or a bare token as many
// clients send it. 1–255 visible ASCII characters either way; a value that opens a quoted string
// without closing it is refused rather than taken as a bare key with a quote in it.
import { limits } from './contract.ts';

/** The header's meaning. */
export type IdempotencyKeyHeader =
  { kind: 'none' } | { kind: 'key'; key: string } | { kind: 'invalid'; reason: string };

/** Parses an Idempotency-Key header value. */
export function parseIdempotencyKey(value: string | undefined): IdempotencyKeyHeader {
  if (value === undefined) return { kind: 'none' };
  let key = value.trim();
  const quoted = /^"((?:[^"\\]|\\["\\])*)"$/.exec(key);
  if (quoted) key = (quoted[1] ?? '').replace(/\\(["\\])/g, '$1');
  else if (key.startsWith('"')) {
    const reason = 'Idempotency-Key opens a quoted string it does not close; send "…" or a bare token';
    return { kind: 'invalid', reason };
  }
  if (key.length === 0 || key.length > limits.maxIdempotencyKeyLength || !/^[\x21-\x7e]+$/.test(key)) {
    return {
      kind: 'invalid',
      reason: `Idempotency-Key must be 1-${limits.maxIdempotencyKeyLength} visible ASCII characters`,
    };
  }
  return { kind: 'key', key };
}
