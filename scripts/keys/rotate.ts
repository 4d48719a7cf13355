// `npm run keys:rotate -- <key id> [--overlap 14d]`: rotates a key issued on this server or one of
// the workspace's own keys. Issues a replacement with the same environment, plan, rpm budget,
// scopes, expiry (and quota), prints its value ONCE, and records that the old key works until the
// overlap ends, then answers 401 "rotated; use its replacement". Two lines, appended in one write.
import { existsSync } from 'node:fs';
import { Refusal, runCli, UsageError, type CliSpec } from '../lib/cli-args.ts';
import { maxRotationOverlapDays } from '../../src/api/key-rotation.ts';
import { defaultDataFile } from '../../src/node/data-file.ts';
import { openWorkspace } from '../../src/node/db.ts';
import { appendIssuedKeysLines, issuedKeysFile } from '../../src/node/issued-keys-file.ts';
import { formatDuration, parseDuration } from './duration.ts';
import { findKey, refusal } from './lookup.ts';
import { newKey } from './new-key.ts';

const dayMs = 86_400_000;
/** The longest overlap accepted, the same limit as the console's rotate what-if. */
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
  const now = new Date();
  const dataFile = defaultDataFile();
  const file = issuedKeysFile();
  const found = await findKey(keyId, { dataFile, issuedKeysFile: file });
  const refused = refusal(found, 'rotate', now.getTime());
  if (refused) throw new Refusal(refused);
  const overlapMs = given ?? (await defaultOverlapMs(dataFile));
  const { key } = found;
  const { material, line } = await newKey({ ...key, replaces: key.key_id }, now);
  const endsAt = new Date(now.getTime() + overlapMs).toISOString();
  appendIssuedKeysLines(file, [
    line,
    {
      event: 'rotated',
      key_id: key.key_id,
      key_hash_sha256: key.key_hash_sha256,
      replaced_by: line.key_id,
      rotated_at: now.toISOString(),
      rotation_ends_at: endsAt,
    },
  ]);
  const expiresFirst = key.expires_at !== null && Date.parse(key.expires_at) < Date.parse(endsAt);
  console.error(
    `Rotated ${key.key_id} (${key.name}, ${key.environment}) → ${line.key_id}: ${key.key_id} keeps working until ${endsAt}` +
      ` (overlap ${formatDuration(overlapMs)}${expiresFirst ? `; it expires first, at ${key.expires_at}` : ''}).`,
  );
  console.error('The new key is shown once and cannot be recovered; store it now:');
  console.log(material);
});
