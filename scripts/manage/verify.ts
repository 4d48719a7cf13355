// `npm run audit:verify`: checks the management journal's hash chain (ESTATE_ISSUED_KEYS, else
// data/issued-keys.jsonl) and, with the management secret (ESTATE_MANAGE_SECRET, else the file
// beside the journal), its signatures; names the first entry altered or removed. Exit 0 when it
// verifies, 1 when it does not. With DATABASE_URL the trail lives in Postgres and is checked there.
import { runCli, type CliSpec } from '../lib/cli-args.ts';
import { issuedKeysFile } from '../../src/node/issued-keys-file.ts';
import { auditSigner, existingSecret, sha256Text } from '../../server/manage/runtime.ts';
import { verifyJournal, verifyLines } from '../../server/manage/verify.ts';
import { postgresSql } from '../../server/stores/postgres/sql.ts';
import { engineUrls } from '../../server/stores/select.ts';

const spec = {
  command: 'npm run audit:verify',
  usage: `usage: npm run audit:verify [-- FILE]

Verifies the audit trail's hash chain and its signatures (with ESTATE_MANAGE_SECRET, else the
secret file beside the journal), and names the first entry that was altered or removed.`,
  options: {},
  maxPositionals: 1,
} satisfies CliSpec<Record<never, never>>;

/** The Postgres journal's rows, in order. */
async function postgresLines(url: string): Promise<string[]> {
  const { PostgresDatabase } = await import('../../server/stores/engines.ts');
  const db = new PostgresDatabase(url);
  try {
    const rows = await db.query<{ line: string }>('manage_since', postgresSql('manage_since'), [0]);
    return rows.map((row) => row.line);
  } finally {
    await db.close();
  }
}

await runCli(spec, async ({ positionals: [given] }) => {
  const { databaseUrl } = engineUrls();
  const onPostgres = given === undefined && databaseUrl !== undefined;
  const file = onPostgres ? 'Postgres' : (given ?? issuedKeysFile());
  const secret = existingSecret(onPostgres ? issuedKeysFile() : file);
  const sign = secret === null ? undefined : auditSigner(secret);
  const report = onPostgres
    ? verifyLines(await postgresLines(databaseUrl), sha256Text, sign)
    : verifyJournal(file, sha256Text, sign);
  if (!report.ok) {
    console.error(`npm run audit:verify: ${file}: ${report.problem}`);
    process.exitCode = 1;
    return;
  }
  const signatures =
    sign === undefined
      ? 'signatures not checked: no ESTATE_MANAGE_SECRET and no secret file beside the journal'
      : report.signed === report.entries
        ? `all ${report.signed} signed, signatures verified`
        : `${report.signed} signed, signatures verified; the first ${report.entries - report.signed} unsigned (written before signing began)`;
  console.log(
    `${file}: ${report.entries} audit entries, chain verified (head ${report.head.slice(0, 16)}…); ${signatures}.`,
  );
});
