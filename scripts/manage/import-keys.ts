// `DATABASE_URL=postgres://… npm run keys:import [-- FILE]`: imports an embedded deployment's
// issued-keys file (ESTATE_ISSUED_KEYS, else data/issued-keys.jsonl) into Postgres, line for line
// and in order: keys issued, revoked and rotated from the CLI, and every change with its audit
// entry (the hash chain carries over). Only into an empty management journal, so nothing is
// imported twice; afterwards `npm run audit:verify` checks the chain in Postgres.
import { existsSync } from 'node:fs';
import { Refusal, runCli, UsageError, type CliSpec } from '../lib/cli-args.ts';
import { scanLines } from '../../src/node/file-lines.ts';
import { issuedKeysFile } from '../../src/node/issued-keys-file.ts';
import { parseIssuedKeysLines } from '../../src/lib/issued-keys.ts';
import { engineUrls } from '../../server/stores/select.ts';
import { postgresSql } from '../../server/stores/postgres/sql.ts';

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
  const lines: string[] = [];
  scanLines(file, (raw) => {
    const text = raw.toString('utf8');
    // Only lines a reader understands: torn or foreign lines stay behind, as every reader skips them.
    if (text.startsWith('{"event":"change"') || parseIssuedKeysLines(text).length > 0) lines.push(text);
  });
  const { PostgresDatabase } = await import('../../server/stores/engines.ts');
  const db = new PostgresDatabase(databaseUrl);
  try {
    await db.transaction('keys_import', async (query) => {
      await query(postgresSql('manage_lock'), []);
      const [count] = (await query(postgresSql('manage_count'), [])) as { rows: number }[];
      if ((count?.rows ?? 0) > 0)
        throw new Refusal(
          `the Postgres management journal already holds ${count?.rows} rows; import only into an empty one`,
        );
      for (const [i, line] of lines.entries()) await query(postgresSql('manage_append'), [i + 1, line]);
    });
  } finally {
    await db.close();
  }
  console.log(`Imported ${lines.length} lines of ${file} into Postgres.`);
});
