// Default id generator and clock: WebCrypto randomness (browser and Node), wall-clock time.
import type { Clock, IdGenerator } from './deps.ts';

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `prefix` + 24 random base62 characters. */
export function randomId(prefix: string, length = 24): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  let out = prefix;
  for (const byte of bytes) out += alphabet[byte % 62];
  return out;
}

/** Random `ord_…` ids. */
export const randomIds: IdGenerator = { orderId: () => randomId('ord_') };

/** The wall clock. */
export const systemClock: Clock = { now: () => Date.now() };
