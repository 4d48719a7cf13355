// Small codes the request log's columns store instead of strings.
import type { CallerKind } from '../../src/lib/caller-kind.ts';
import type { Environment } from '../../src/api/request-record.ts';

const environments: (Environment | null)[] = [null, 'production', 'sandbox', 'staging'];
const callerKinds: CallerKind[] = ['human', 'automation', 'assistant'];

/** 0 for none, else 1–3. */
export function environmentCode(environment: Environment | null): number {
  return environments.indexOf(environment);
}

/** 0–2. */
export function callerKindCode(kind: CallerKind): number {
  return callerKinds.indexOf(kind);
}

/** FNV-1a, 32 bits: finds a request id's candidates without keeping every id in memory. */
export function hashId(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
