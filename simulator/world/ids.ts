// Identifiers and key material, drawn from a seeded stream.
import type { Rng } from '../rng.ts';

const base36 = '0123456789abcdefghijklmnopqrstuvwxyz';
const base62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` characters drawn from an alphabet. */
export function randomString(rng: Rng, alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(rng.next() * alphabet.length)];
  return out;
}

/** A factory of unique prefixed ids (`key_…`, `rt_…`) from one stream. */
export function idFactory(rng: Rng): (prefix: string) => string {
  const seen = new Set<string>();
  return (prefix) => {
    for (;;) {
      const id = `${prefix}_${randomString(rng, base36, 10)}`;
      if (!seen.has(id)) {
        seen.add(id);
        return id;
      }
    }
  };
}

/** Key-material type prefix per environment (interface A, docs/interfaces.md). */
export const keyPrefixes = { production: 'sk_live', sandbox: 'sk_test', staging: 'sk_stg' } as const;

/** Secret key material: the environment's prefix, `_`, then 24 base62 characters. */
export function keyMaterial(rng: Rng, environment: keyof typeof keyPrefixes): string {
  return `${keyPrefixes[environment]}_${randomString(rng, base62, 24)}`;
}
