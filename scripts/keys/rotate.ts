// `npm run keys:rotate -- <key id> [--overlap 14d]`: rotates a key issued on this server or one of
// the workspace's own keys, through the management module (src/manage, the management API's roll,
// with an audit entry whose actor is `cli`). Issues a replacement with the same environment, plan,
// rpm budget, scopes, expiry (and quota), prints its value ONCE, and records that the old key
// works until the overlap ends (never after its own expiry), then answers 401 "rotated; use its
// replacement". The change and its entry are one journal line.
import { existsSync } from 'node:fs';
import { runCli, UsageError, type CliSpec } from '../lib/cli-args.ts';
import { defaultDataFile } from '../../src/node/data-file.ts';
import { openWorkspace } from '../../src/node/db.ts';
import { maxRotationOverlapDays } from '../../src/api/key-rotation.ts';
import { planRoll } from '../../src/manage/changes/keys.ts';
import { rollKeySchema } from '../../src/manage/contract.ts';
import { applyLocally, openLocalManage, validated } from '../manage/local.ts';
import { formatDuration, parseDuration } from './duration.ts';

const dayMs = 86_400_000;
/** The longest overlap accepted, the same limit as the console's rotate what-if and the management API. */
const maxOverlapMs = maxRotationOverlapDays * dayMs;
/** The overlap when the workspace does not say: the policy of the console's rotate what-if. */
const fallbackOverlapDays = 14;

const spec = {
  command: 'npm run keys:rotate',
  usage: `usage: npm run keys:rotate -- <key id> [--overlap DURATION]

Rotates a key (issued here, or one of the workspace's keys): issues its replacement with the same
environment, plan, rpm budget, scopes and expiry, and prints the new key once on stdout. The old
key keeps working until the overlap ends (or it expires), then a running server answers it 401
invalid_token "rotated; use its replacement".
  --overlap   how long the old key keeps working: 30m, 24h, 7d, 1d12h, or 0 for not at all;
              at most ${formatDuration(maxOverlapMs)} (default: the workspace's rotation_overlap_days, ${fallbackOverlapDays}d)`,
  options: { overlap: 'string' },
  maxPositionals: 1,
} satisfies CliSpec<{ overlap: 'string' }>;

/** The overlap the console's rotate what-if assumes (v_blast_constants), else 14 days. */
async function defaultOverlapMs(dataFile: string): Promise<number> {
  if (!existsSync(dataFile)) return fallbackOverlapDays * dayMs;
  const db = await openWorkspace(dataFile);
  try {
    const [row] = await db.query<{ days: number }>(
      'select rotation_overlap_days::DOUBLE as days from v_blast_constants',
    );
    return (row?.days ?? fallbackOverlapDays) * dayMs;
  } catch {
    // A workspace without the blast views (a test fixture) has no policy of its own.
    return fallbackOverlapDays * dayMs;
  } finally {
    db.close();
  }
}

await runCli(spec, async ({ positionals: [keyId], values }) => {
  if (!keyId) throw new UsageError('name the key to rotate: npm run keys:rotate -- <key id> [--overlap 14d]');
  const given =
    values.overlap === undefined ? undefined : parseDuration('overlap', values.overlap, maxOverlapMs);
  const overlapMs = given ?? (await defaultOverlapMs(defaultDataFile()));
  // The management API's overlap: a preset or an ISO 8601 duration.
  const overlap = validated(rollKeySchema, { overlap: overlapMs === 0 ? 'now' : `PT${overlapMs / 1000}S` });
  const local = await openLocalManage();
  try {
    const applied = await applyLocally(local.deps, {
      action: 'key.roll',
      targetType: 'key',
      targetId: keyId,
      params: { overlap: overlap.overlap },
      plan: (ctx) => planRoll(ctx, keyId, overlap),
    });
    const after = applied.after as {
      name: string;
      environment: string;
      expires_at: string | null;
      rotation_ends_at: string;
      replaced_by: string;
    };
    const endsAt = after.rotation_ends_at;
    const expiresFirst = after.expires_at !== null && Date.parse(after.expires_at) <= Date.parse(endsAt);
    console.error(
      `Rotated ${keyId} (${after.name}, ${after.environment}) → ${after.replaced_by}: ${keyId} keeps working until ${endsAt}` +
        ` (overlap ${formatDuration(overlapMs)}${expiresFirst ? `; it expires first, at ${after.expires_at}` : ''}).`,
    );
    console.error('The new key is shown once and cannot be recovered; store it now:');
    console.log(applied.secret);
  } finally {
    await local.close();
  }
});
