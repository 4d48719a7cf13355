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
  /**
   * `workspace`: a demo reset, which returns every key and route to the simulated state;
   * `operator`: one of the console's operators.
   */
  type: z.enum(['key', 'route', 'consumer', 'management_key', 'workspace', 'operator']),
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

/**
 * Signs a line's hash with a secret the journal never holds (the management secret outside it):
 * `v1,` and the base64url HMAC-SHA256. Unlike the chain, which anyone who can write the journal
 * can recompute from an altered entry on, a signature cannot be made again without the secret.
 */
export type ChainSigner = (hash: string) => string;

/** The hash before the first entry. */
export const genesisHash = '0'.repeat(64);

/**
 * The text a key line from before the trail adds to the chain: the hash so far, then the line as
 * written. The first entry's `prev` covers every such line, so none can be altered or removed
 * unseen once the trail has begun (journals whose first entry was written before this binding
 * chain from the genesis hash; audit:verify says their key lines are unbound).
 */
export function preTrailText(prev: string, line: string): string {
  return `${prev}\npre-trail ${line}`;
}

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

/** A page of the trail, newest first, the cursor of the next (older) page and of the previous (newer) one. */
export interface AuditPage {
  entries: AuditEntry[];
  next_cursor: string | null;
  /** Give it as `ending_before` for the newer page; null when no newer entry matches. */
  previous_cursor: string | null;
}

/**
 * A page from entries held oldest first, newest first: the entries just below the `cursor` seq, or
 * with `ending_before`, the entries just above that seq (the page before it).
 */
export function pageOf(entries: readonly AuditEntry[], query: AuditQuery, oldestMs: number): AuditPage {
  const below = query.cursor === undefined ? Infinity : Number(query.cursor);
  const above = query.ending_before === undefined ? -Infinity : Number(query.ending_before);
  const kept = (entry: AuditEntry) =>
    entry.seq < below && entry.seq > above && matches(entry, query, oldestMs);
  const found: AuditEntry[] = [];
  let more = false;
  if (query.ending_before === undefined) {
    for (let i = entries.length - 1; i >= 0 && !more; i--) {
      const entry = entries[i] as AuditEntry;
      if (!kept(entry)) continue;
      if (found.length === query.limit) more = true;
      else found.push(entry);
    }
  } else {
    for (let i = 0; i < entries.length && !more; i++) {
      const entry = entries[i] as AuditEntry;
      if (!kept(entry)) continue;
      if (found.length === query.limit) more = true;
      else found.unshift(entry);
    }
  }
  const newest = found[0];
  const oldest = found.at(-1);
  const olderExists =
    query.ending_before === undefined ? more : hasMatch(entries, query, oldestMs, (seq) => seq <= above);
  const newerExists =
    query.ending_before === undefined ? hasMatch(entries, query, oldestMs, (seq) => seq >= below) : more;
  // An empty page's cursors point past the bound it was asked with, kept within what the query
  // takes (digits, up to the newest seq + 1): seq 0 never exists, nor one past the newest.
  const pastNewest = (entries.at(-1)?.seq ?? 0) + 1;
  return {
    entries: found,
    next_cursor: olderExists ? String(oldest?.seq ?? Math.min(above + 1, pastNewest)) : null,
    previous_cursor: newerExists
      ? String(newest?.seq ?? (below === Infinity ? 0 : Math.max(0, below - 1)))
      : null,
  };
}

function hasMatch(
  entries: readonly AuditEntry[],
  query: AuditQuery,
  oldestMs: number,
  where: (seq: number) => boolean,
): boolean {
  return entries.some((entry) => where(entry.seq) && matches(entry, query, oldestMs));
}
