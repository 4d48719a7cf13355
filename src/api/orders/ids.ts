// Default id generator and clock: WebCrypto randomness (browser and Node), wall-clock time.
import type { Clock, IdGenerator } from './deps.ts';

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const alphabetCodes = Array.from(alphabet, (char) => char.charCodeAt(0));
/** An id's character codes, reused: one string made per id, not one per character. */
const codes: number[] = [];

// Random bytes are drawn 4 KiB at a time: one getRandomValues call per ~170 ids, not one per id.
const pool = new Uint8Array(4096);
let used = pool.length;

/** `prefix` + `length` random base62 characters. */
export function randomId(prefix: string, length = 24): string {
  if (used + length > pool.length) {
    crypto.getRandomValues(pool);
    used = 0;
  }
  codes.length = length;
  for (let i = 0; i < length; i++) codes[i] = alphabetCodes[(pool[used++] ?? 0) % 62] ?? 48;
  return prefix + String.fromCharCode.apply(null, codes);
}

/** Random `ord_…` order ids and `req_…` request ids. */
export const randomIds: IdGenerator = { orderId: () => randomId('ord_'), requestId: () => randomId('req_') };

/** The wall clock. */
export const systemClock: Clock = { now: () => Date.now() };
