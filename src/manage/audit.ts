// The audit trail's entries and their hash chain. One entry per change, appended with the change
// itself (./journal.ts): each line's hash covers the previous line's hash, its entry and its
// effects, so an edited entry no longer matches its hash and a removed one breaks the chain.
import { z } from 'zod';
import { actorSchema } from './actor.ts';
import type { AuditQuery } from './contract.ts';

/** The blast radius of a target when it was changed (the workspace's v_blast_score figures). */
export const blastSchema = z.strictObject({
  score: z.number(),
  dependents: z.number(),
  requests_per_day: z.number(),
});

/** What a change was made to. */
export const targetSchema = z.strictObject({
  /** `workspace`: a demo reset, which returns every key and route to the simulated state. */
  type: z.enum(['key', 'route', 'consumer', 'management_key', 'workspace']),
  id: z.string(),
  name: z.string(),
});

/** One audit entry. */
export const auditEntrySchema = z.strictObject({
  id: z.string().regex(/^aud_[A-Za-z0-9]+$/),
  /** Its place in the trail, from 1: the cursor of GET /audit. */
  seq: z.int().min(1),
  time: z.iso.datetime({ offset: true }),
  actor: actorSchema,
  action: z.string(),
  target: targetSchema,
  before: z.unknown(),
  after: z.unknown(),
  request_id: z.string().nullable(),
  idempotency_key: z.string().nullable(),
  /** SHA-256 of the request (method, path, body) that an Idempotency-Key is bound to. */
  request_sha256: z.string().nullable(),
  source_address: z.string().nullable(),
  user_agent: z.string().nullable(),
  blast: blastSchema,
});

/** One audit entry. */
export type AuditEntry = z.infer<typeof auditEntrySchema>;
/** A target's blast radius. */
export type Blast = z.infer<typeof blastSchema>;
/** A change's target. */
export type Target = z.infer<typeof targetSchema>;

/** The hash before the first entry. */
export const genesisHash = '0'.repeat(64);

/** The text a line's hash covers: the previous hash, then the entry and effects as serialised. */
export function chainText(prev: string, entry: unknown, effects: unknown): string {
  return `${prev}\n${JSON.stringify({ entry, effects })}`;
}

/** Whether an entry passes the filters of a query (not the cursor). */
export function matches(entry: AuditEntry, query: AuditQuery, oldestMs: number): boolean {
  const ms = Date.parse(entry.time);
  if (ms < oldestMs) return false;
  if (query.actor !== undefined && entry.actor.id !== query.actor) return false;
  if (query.actor_type !== undefined && entry.actor.type !== query.actor_type) return false;
  if (query.action !== undefined && entry.action !== query.action) return false;
  if (query.target !== undefined && entry.target.id !== query.target) return false;
  if (query.since !== undefined && ms < Date.parse(query.since)) return false;
  if (query.until !== undefined && ms >= Date.parse(query.until)) return false;
  return true;
}

/** A page of the trail, newest first, and the cursor of the next (older) page. */
export interface AuditPage {
  entries: AuditEntry[];
  next_cursor: string | null;
}

/** A page from entries held oldest first: newest first, before the cursor's seq. */
export function pageOf(entries: readonly AuditEntry[], query: AuditQuery, oldestMs: number): AuditPage {
  const before = query.cursor === undefined ? Infinity : Number(query.cursor);
  const page: AuditEntry[] = [];
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i] as AuditEntry;
    if (entry.seq >= before || !matches(entry, query, oldestMs)) continue;
    if (page.length === query.limit) return { entries: page, next_cursor: String(page.at(-1)?.seq) };
    page.push(entry);
  }
  return { entries: page, next_cursor: null };
}
