// The server's webhook HMAC: node:crypto, synchronous (WebCrypto's sign goes through the thread pool
// and a promise per delivery, several percent of a loaded server's CPU), with each secret's key
// object made once (made from raw bytes on every call, it was a tenth of the delivery thread's CPU).
import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { secretBytes, type Sign } from '../../src/api/orders/events/signing.ts';

/** Key objects by secret; an endpoint has one or two secrets, a server a few endpoints. */
const keys = new Map<string, KeyObject>();
const keysKept = 1_000;

function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    if (keys.size >= keysKept) keys.clear();
    keys.set(secret, (key = createSecretKey(secretBytes(secret))));
  }
  return key;
}

/** The base64 HMAC-SHA256 of `message` under a `whsec_…` secret, with node:crypto. */
export const nodeSign: Sign = (secret, message) =>
  createHmac('sha256', keyOf(secret)).update(message).digest('base64');
