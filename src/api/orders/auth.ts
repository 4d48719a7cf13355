// Bearer authentication (RFC 6750): parse the Authorization header, find the key by the SHA-256 of
// its material, and say why it is refused. The material itself is never kept or logged.
import type { KeyRecord, KeyStore, Sha256 } from './deps.ts';

/** The realm in every WWW-Authenticate challenge. */
export const realm = 'estate';

/** What the Authorization header carried. */
export type Credential =
  { kind: 'missing' } | { kind: 'malformed'; reason: string } | { kind: 'bearer'; token: string };

const b64token = /^[A-Za-z0-9\-._~+/]+=*$/;
/** The common header, `Bearer <b64token>` with nothing around it, in one match. */
const plainBearer = /^bearer[ \t]+([A-Za-z0-9\-._~+/]+=*)$/i;

/**
 * Parses an Authorization header. No credential (RFC 6750 §3.1): no header, an empty one, or
 * another scheme than Bearer; malformed: Bearer without exactly one b64token.
 */
export function parseAuthorization(value: string | undefined): Credential {
  const plain = value === undefined ? null : plainBearer.exec(value);
  if (plain !== null && (plain[1] ?? '').length <= 256) return { kind: 'bearer', token: plain[1] ?? '' };
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return { kind: 'missing' };
  const [scheme = '', ...rest] = trimmed.split(/[ \t]+/);
  if (scheme.toLowerCase() !== 'bearer') return { kind: 'missing' };
  if (rest.length !== 1 || !b64token.test(rest[0] ?? '') || (rest[0] ?? '').length > 256) {
    return { kind: 'malformed', reason: 'Expected "Authorization: Bearer <key>" with one key' };
  }
  return { kind: 'bearer', token: rest[0] ?? '' };
}

/** Hex SHA-256 of a string, with WebCrypto (Node 24 and browsers). */
export async function sha256Hex(input: string | Uint8Array): Promise<string> {
  const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  let hex = '';
  for (const byte of new Uint8Array(digest)) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** The result of authenticating a bearer token: refused ones name the key when it is known. */
export type AuthResult = { ok: true; key: KeyRecord } | { ok: false; reason: string; key: KeyRecord | null };

/**
 * Finds the key for a token and checks that it may still be used at `nowMs`: at once when `sha256`
 * answers at once (node's) and the key is known, else once the hash and any read of changes not
 * seen yet (`findUnseen`) have answered.
 */
export function authenticate(
  token: string,
  keys: KeyStore,
  nowMs: number,
  sha256: Sha256,
): AuthResult | Promise<AuthResult> {
  const digest = sha256(token);
  const lookUp = (hex: string): AuthResult | Promise<AuthResult> => {
    const key = keys.findByHash(hex);
    if (key || !keys.findUnseen) return checked(key, nowMs);
    return keys.findUnseen(hex).then((found) => checked(found, nowMs));
  };
  return typeof digest === 'string' ? lookUp(digest) : digest.then(lookUp);
}

/** Whether the key a hash named (if any) may be used at `nowMs`. */
function checked(key: KeyRecord | undefined, nowMs: number): AuthResult {
  if (!key) return { ok: false, reason: 'The API key is not recognised', key: null };
  if (key.status === 'revoked') return { ok: false, reason: 'The API key has been revoked', key };
  if (
    key.status === 'rotated' ||
    (key.rotation_ends_at !== undefined && Date.parse(key.rotation_ends_at) <= nowMs)
  )
    return { ok: false, reason: 'The API key has been rotated; use its replacement', key };
  if (key.expires_at !== null && Date.parse(key.expires_at) <= nowMs) {
    return { ok: false, reason: 'The API key has expired', key };
  }
  return { ok: true, key };
}

/** A WWW-Authenticate challenge; `error` per RFC 6750 section 3.1. */
export function challenge(error?: string, description?: string, scope?: string): string {
  let value = `Bearer realm="${realm}"`;
  if (error) value += `, error="${error}"`;
  // RFC 6750 §3: printable ASCII but '"' and '\'; the problem body's detail keeps the words whole.
  if (description)
    value += `, error_description="${description
      .replaceAll('"', "'")
      .replaceAll('\\', '/')
      .replace(/[^\x20-\x7e]/gu, '?')}"`;
  if (scope) value += `, scope="${scope}"`;
  return value;
}
