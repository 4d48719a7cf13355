// `DATABASE_URL=postgres://… npm run keys:import [-- FILE]`: imports an embedded deployment's
// issued-keys file (ESTATE_ISSUED_KEYS, else data/issued-keys.jsonl) into Postgres, line for line
// and in order: keys issued, revoked and rotated from the CLI, and every change with its audit
// entry (the hash chain carries over). Only a file whose every line reads and whose chain verifies,
// and only into an empty management journal, so nothing is imported twice or in part; afterwards
// `npm run audit:verify` checks the chain in Postgres.
import { existsSync } from 'node:fs';
import { Refusal, runCli, UsageError, type CliSpec } from '../lib/cli-args.ts';
import { scanLines } from '../../src/node/file-lines.ts';
import { issuedKeysFile } from '../../src/node/issued-keys-file.ts';
import { readFileLine } from '../../src/lib/issued-keys.ts';
import { engineUrls } from '../../server/stores/select.ts';
import { postgresSql } from '../../server/stores/postgres/sql.ts';
import { auditSigner, existingSecret, sha256Text } from '../../server/manage/runtime.ts';
import { verifyLines } from '../../server/manage/verify.ts';

const spec = {
  command: 'npm run keys:import',
  usage: `usage: DATABASE_URL=postgres://… npm run keys:import [-- FILE]

Imports an issued-keys file (default ESTATE_ISSUED_KEYS, else data/issued-keys.jsonl) into the
Postgres management journal, which must be empty.`,
  options: {},
  maxPositionals: 1,
} satisfies CliSpec<Record<never, never>>;

await runCli(spec, async ({ positionals: [given] }) => {
  const { databaseUrl } = engineUrls();
  if (databaseUrl === undefined)
    throw new UsageError('set DATABASE_URL to the Postgres database to import into');
  const file = given ?? issuedKeysFile();
  if (!existsSync(file)) throw new Refusal(`no file ${file}`);
  // The file is checked whole before anything is written: every line a change or a key line, and
  // the chain whole. A torn or altered line is refused, naming it, rather than left behind: a revoke
  // left behind would let its key in again.
  const lines: string[] = [];
  const unreadable: number[] = [];
  let number = 0;
  scanLines(file, (raw) => {
    number++;
    const text = raw.toString('utf8');
    if (text.trim() === '') return;
    if (readFileLine(text).kind !== 'neither') lines.push(text);
    else unreadable.push(number);
  });
  if (unreadable.length > 0)
    throw new Refusal(
      `${file}: ${unreadable.length === 1 ? 'line' : 'lines'} ${unreadable.join(', ')} ` +
        `${unreadable.length === 1 ? 'is' : 'are'} neither a key line nor a change (torn or altered); nothing imported`,
    );
  // Signed lines are checked with the secret they were signed with (the same one Postgres's servers
  // must share, so the trail verifies there after the import); a file from before signing has none.
  const secret = existingSecret(file);
  const signatures =
    secret === null ? undefined : { sign: auditSigner(secret), unsignedThrough: Number.MAX_SAFE_INTEGER };
  const chain = verifyLines(lines, sha256Text, signatures);
  if (!chain.ok)
    throw new Refusal(`${file}: ${chain.problem}; nothing imported (npm run audit:verify -- FILE)`);
  const { PostgresDatabase } = await import('../../server/stores/engines.ts');
  const db = new PostgresDatabase(databaseUrl);
  try {
    await db.transaction('keys_import', async (query) => {
      await query(postgresSql('manage_lock'), []);
      const [count] = (await query(postgresSql('manage_count'), [])) as { rows: number }[];
      if ((count?.rows ?? 0) > 0)
        throw new Refusal(
          `the Postgres management journal already holds ${count?.rows} ${count?.rows === 1 ? 'row' : 'rows'}; import only into an empty one`,
        );
      for (const [i, line] of lines.entries()) await query(postgresSql('manage_append'), [i + 1, line]);
    });
  } finally {
    await db.close();
  }
  console.log(`Imported ${lines.length} lines of ${file} into Postgres.`);
});
