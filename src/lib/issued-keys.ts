// The issued-keys file's lines and their fold into each key's current lifecycle. Every change to a
// key is a new line, never an edit: `issued` (npm run keys:issue, or the replacement a rotation
// issues), `revoked` and `rotated` (npm run keys:revoke, keys:rotate; also for the workspace's own
// simulated keys, which have no `issued` line here), `restored` (npm run keys:restore-demo: the
// demo key back to its simulated state). The API's key store (server/manage/runtime.ts)
// and the console read the file through this module; it holds hashes, never key material.
import { z } from 'zod';

const timestamp = z.iso.datetime({ offset: true });
const hash = z.string().regex(/^[0-9a-f]{64}$/);
const keyId = z.string().min(1);

const issuedFields = {
  key_id: keyId,
  name: z.string(),
  environment: z.enum(['production', 'sandbox', 'staging']),
  status: z.enum(['active', 'expiring', 'revoked', 'rotated']),
  plan: z.string(),
  rpm_budget: z.number().int().positive(),
  scopes: z.array(z.string()),
  created_at: timestamp,
  expires_at: timestamp.nullable(),
  key_hash_sha256: hash,
  key_prefix: z.string(),
  key_last4: z.string(),
  /** Overrides the plan's monthly order quota for this key (e.g. a benchmark key). */
  quota_orders_per_month: z.number().int().positive().optional(),
  /** The key this one replaced, when a rotation issued it. */
  replaces: keyId.nullable().optional(),
};

const issuedLine = z.object({ event: z.literal('issued'), ...issuedFields });
const revokedLine = z.object({
  event: z.literal('revoked'),
  key_id: keyId,
  key_hash_sha256: hash,
  revoked_at: timestamp,
});
const rotatedLine = z.object({
  event: z.literal('rotated'),
  key_id: keyId,
  key_hash_sha256: hash,
  /** The key issued to replace it. */
  replaced_by: keyId,
  rotated_at: timestamp,
  /** Until when the old key keeps working beside its replacement. */
  rotation_ends_at: timestamp,
});
const restoredLine = z.object({
  event: z.literal('restored'),
  key_id: keyId,
  key_hash_sha256: hash,
  /** From then on the key is as the workspace simulated it: earlier revocations and rotations undone. */
  restored_at: timestamp,
});
const anyLine = z.discriminatedUnion('event', [issuedLine, revokedLine, rotatedLine, restoredLine]);

/** The schema of a line about one key (issued, revoked, rotated, restored): also a management change's effects. */
export const issuedKeysLineSchema = anyLine;

/** A key issued into the file (its hash, prefix and last four; never its material). */
export type IssuedLine = z.infer<typeof issuedLine>;
/** A key revoked: it stops working at once. */
export type RevokedLine = z.infer<typeof revokedLine>;
/** A key rotated: it keeps working until `rotation_ends_at`, beside its replacement. */
export type RotatedLine = z.infer<typeof rotatedLine>;
/** A key returned to its simulated state (the demo key, by npm run keys:restore-demo). */
export type RestoredLine = z.infer<typeof restoredLine>;
/** One line of the issued-keys file. */
export type IssuedKeysLine = z.infer<typeof anyLine>;

/**
 * One line of the file, read: a management change (its JSON object, whose `event` is `change`,
 * whatever the order of its members), a key line (from before the audit trail), or neither (torn,
 * foreign, blank). The server's fold, audit:verify and the console's readers all read lines
 * through this, so none of them can take a line for something the others do not.
 */
export type FileLine =
  | { kind: 'change'; value: Record<string, unknown> }
  | { kind: 'key'; line: IssuedKeysLine }
  | { kind: 'neither' };

/** Reads one line of the file (see FileLine). */
export function readFileLine(text: string): FileLine {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'neither' };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { kind: 'neither' };
  const object = value as Record<string, unknown>;
  if (object.event === 'change') return { kind: 'change', value: object };
  // A line without `event` is an `issued` line, as the file's first version wrote them.
  const parsed = anyLine.safeParse('event' in object ? object : { ...object, event: 'issued' });
  return parsed.success ? { kind: 'key', line: parsed.data } : { kind: 'neither' };
}

/**
 * Parses one key line; null when it is not one (a torn or foreign line is skipped, never fatal;
 * a change line is not a key line: its effects are, see parseIssuedKeysLines).
 */
export function parseIssuedKeysLine(text: string): IssuedKeysLine | null {
  const read = readFileLine(text);
  return read.kind === 'key' ? read.line : null;
}

/**
 * The key lines of one line of the file: the line itself, or the key effects of a management
 * change (one `change` line carries a change's effects and its audit entry).
 */
export function parseIssuedKeysLines(text: string): IssuedKeysLine[] {
  const read = readFileLine(text);
  if (read.kind === 'key') return [read.line];
  if (read.kind === 'neither' || !Array.isArray(read.value.effects)) return [];
  return read.value.effects.flatMap((effect) => {
    const parsed = anyLine.safeParse(effect);
    return parsed.success ? [parsed.data] : [];
  });
}

/** A line as the file stores it: JSON and a newline. */
export function formatIssuedKeysLine(line: IssuedKeysLine): string {
  return `${JSON.stringify(line)}\n`;
}

/** A key's lifecycle as the file tells it, folded from every line about it, oldest first. */
export interface KeyLifecycle {
  key_id: string;
  /** The credential the lines are about: a line with another hash starts the key's story again. */
  key_hash_sha256: string;
  /** Its `issued` line; null for a workspace key changed from the CLI. */
  issued: IssuedLine | null;
  /** The key it replaced (rotation); null when none. */
  replaces: string | null;
  /** The key issued to replace it; null when none. */
  replaced_by: string | null;
  revoked_at: string | null;
  rotated_at: string | null;
  rotation_ends_at: string | null;
  /** When its latest restoration undid the changes before it; null when never restored. */
  restored_at: string | null;
  /** Every line about it, oldest first: the history the console shows. */
  changes: IssuedKeysLine[];
}

const fresh = (key_id: string, key_hash_sha256: string): KeyLifecycle => ({
  key_id,
  key_hash_sha256,
  issued: null,
  replaces: null,
  replaced_by: null,
  revoked_at: null,
  rotated_at: null,
  rotation_ends_at: null,
  restored_at: null,
  changes: [],
});

/**
 * The fold of the file's lines, by key id. The first revocation and the first rotation of a key
 * count; later ones change nothing (the CLI refuses them, but the file may be written by hand). A
 * restoration undoes both, and the next revocation or rotation counts again.
 */
export class IssuedKeys {
  private readonly byId = new Map<string, KeyLifecycle>();

  /** Folds one line in; returns the lifecycle it changed. */
  apply(line: IssuedKeysLine): KeyLifecycle {
    let key = this.byId.get(line.key_id);
    if (!key || key.key_hash_sha256 !== line.key_hash_sha256) {
      key = fresh(line.key_id, line.key_hash_sha256);
      this.byId.set(line.key_id, key);
    }
    key.changes.push(line);
    if (line.event === 'issued') {
      key.issued = line;
      key.replaces = line.replaces ?? key.replaces;
    } else if (line.event === 'revoked') {
      key.revoked_at ??= line.revoked_at;
    } else if (line.event === 'restored') {
      Object.assign(key, {
        revoked_at: null,
        rotated_at: null,
        rotation_ends_at: null,
        replaced_by: null,
        restored_at: line.restored_at,
      });
    } else if (key.rotated_at === null) {
      key.rotated_at = line.rotated_at;
      key.rotation_ends_at = line.rotation_ends_at;
      key.replaced_by = line.replaced_by;
    }
    return key;
  }

  /** A key's lifecycle, if the file names it. */
  get(keyId: string): KeyLifecycle | undefined {
    return this.byId.get(keyId);
  }

  /** The lifecycle of the credential with this hash, if the file's latest lines are about it. */
  find(keyId: string, hashHex: string): KeyLifecycle | undefined {
    const key = this.byId.get(keyId);
    return key?.key_hash_sha256 === hashHex ? key : undefined;
  }

  /** Every key the file names, in the order it first named them. */
  all(): KeyLifecycle[] {
    return [...this.byId.values()];
  }
}

/** A key's status: `issued` is the status it was issued with (or the workspace's); null lifecycle: none. */
export type KeyStatus = IssuedLine['status'];

/**
 * A key's status at `nowMs`: revoked once revoked, rotated once its rotation's overlap has ended,
 * else the status it had. A key in its overlap is still active (it works), with a replacement.
 */
export function statusAt(base: KeyStatus, lifecycle: KeyLifecycle | undefined, nowMs: number): KeyStatus {
  if (lifecycle?.revoked_at) return 'revoked';
  if (lifecycle?.rotation_ends_at && Date.parse(lifecycle.rotation_ends_at) <= nowMs) return 'rotated';
  return base;
}
