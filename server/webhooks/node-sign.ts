// The server's webhook HMAC: node:crypto, synchronous (WebCrypto's sign goes through the thread pool
// and a promise per delivery, several percent of a loaded server's CPU).
import { createHmac } from 'node:crypto';
import { secretBytes, type Sign } from '../../src/api/orders/events/signing.ts';

/** The base64 HMAC-SHA256 of `message` under a `whsec_…` secret, with node:crypto. */
export const nodeSign: Sign = (secret, message) =>
  createHmac('sha256', secretBytes(secret)).update(message).digest('base64');
