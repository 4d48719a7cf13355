// Standard Webhooks signing (https://www.standardwebhooks.com): the headers webhook-id (the event
// id), webhook-timestamp (Unix seconds) and webhook-signature, `v1,<base64 HMAC-SHA256 of
// "id.timestamp.body">` once per secret in use (several while a secret rolls). WebCrypto unless the
// caller passes another HMAC (the server: node:crypto), so the server and the MSW handlers sign alike.

const encoder = new TextEncoder();

/** The key bytes of a `whsec_…` secret (base64 after the prefix). */
export function secretBytes(secret: string): Uint8Array<ArrayBuffer> {
  const binary = atob(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Base64 of bytes. */
function base64(bytes: ArrayBuffer): string {
  let binary = '';
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** HMAC keys of the secrets signing lately: importing one costs about what a signature does. */
const keys = new Map<string, Promise<CryptoKey>>();
const keptKeys = 256;

/** The WebCrypto HMAC-SHA256 key of a secret, imported once while it keeps signing. */
function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (key === undefined) {
    key = crypto.subtle.importKey('raw', secretBytes(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
    ]);
    // Oldest first out: a Map iterates in insertion order.
    if (keys.size >= keptKeys) keys.delete(keys.keys().next().value as string);
    keys.set(secret, key);
  }
  return key;
}

/**
 * The base64 HMAC-SHA256 of `message` under a secret. WebCrypto by default (the MSW handlers run in
 * browsers); the server passes node:crypto's, which signs synchronously.
 */
export type Sign = (secret: string, message: string) => string | Promise<string>;

/** Signs with WebCrypto. */
export const webCryptoSign: Sign = async (secret, message) =>
  base64(await crypto.subtle.sign('HMAC', await hmacKey(secret), encoder.encode(message)));

/** One `v1,<signature>` of a message under one secret. */
export async function signature(
  secret: string,
  id: string,
  timestampSec: number,
  body: string,
  sign: Sign = webCryptoSign,
): Promise<string> {
  return `v1,${await sign(secret, `${id}.${timestampSec}.${body}`)}`;
}

/** The three Standard Webhooks headers of a delivery, signed with every secret given. */
export async function signedHeaders(
  secrets: readonly string[],
  id: string,
  timestampSec: number,
  body: string,
  sign: Sign = webCryptoSign,
): Promise<Record<string, string>> {
  const signatures = await Promise.all(secrets.map((s) => signature(s, id, timestampSec, body, sign)));
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSec),
    'webhook-signature': signatures.join(' '),
  };
}

/** The secrets that sign now: the newest, and older ones whose overlap has not ended. */
export function signingSecrets(
  secrets: readonly { secret: string; expires_at: string | null }[],
  nowMs: number,
): string[] {
  return secrets
    .filter((s) => s.expires_at === null || Date.parse(s.expires_at) > nowMs)
    .map((s) => s.secret);
}
