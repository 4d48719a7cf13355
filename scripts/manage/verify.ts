// `npm run audit:verify`: checks the management journal's hash chain (ESTATE_ISSUED_KEYS, else
// data/issued-keys.jsonl) and, with the management secret (ESTATE_MANAGE_SECRET, else the file
// beside the journal), its signatures; names the first entry altered or removed. Exit 0 when it
// verifies, 1 when it does not. With DATABASE_URL the trail lives in Postgres and is checked there.
import { existsSync } from 'node:fs';
import { Refusal, runCli, UsageError, type CliSpec } from '../lib/cli-args.ts';
import { issuedKeysFile } from '../../src/node/issued-keys-file.ts';
import { auditSigner, existingSecret, sha256Text } from '../../server/manage/runtime.ts';
import { verifyJournal, verifyLines } from '../../server/manage/verify.ts';
import { postgresSql } from '../../server/stores/postgres/sql.ts';
import { engineUrls } from '../../server/stores/select.ts';

const spec = {
  command: 'npm run audit:verify',
  usage: `usage: npm run audit:verify [-- FILE] [--unsigned-through SEQ]

Verifies the audit trail's hash chain and its signatures (with ESTATE_MANAGE_SECRET, else the
secret file beside the journal), and names the first entry that was altered or removed. Every
entry must be signed; a journal from before signing (2026-11-28) passes --unsigned-through with
the seq of the last entry written before the upgrade (keep that number, as you keep the head).`,
  options: { 'unsigned-through': 'string' },
  maxPositionals: 1,
} satisfies CliSpec<{ 'unsigned-through': 'string' }>;

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

/** What the report says of signatures. */
function signaturesSaid(report: { entries: number; signed: number }, checked: boolean): string {
  if (!checked)
    return 'signatures not checked: no ESTATE_MANAGE_SECRET and no secret file beside the journal';
  if (report.signed === report.entries) return `all ${report.signed} signed, signatures verified`;
  const unsigned = report.entries - report.signed;
  return `entries 1–${unsigned} unsigned (accepted: --unsigned-through), the other ${report.signed} signed, signatures verified`;
}

await runCli(spec, async ({ positionals: [given], values }) => {
  const through = values['unsigned-through'];
  if (through !== undefined && !/^\d{1,12}$/.test(through))
    throw new UsageError('--unsigned-through takes a seq: digits only');
  const { databaseUrl } = engineUrls();
  const onPostgres = given === undefined && databaseUrl !== undefined;
  const file = onPostgres ? 'Postgres' : (given ?? issuedKeysFile());
  if (!onPostgres && !existsSync(file)) {
    if (given !== undefined) throw new Refusal(`${file}: no such journal`);
    console.log(`${file}: no audit trail yet (the file does not exist).`);
    return;
  }
  const secret = existingSecret(onPostgres ? issuedKeysFile() : file);
  const signatures =
    secret === null ? undefined : { sign: auditSigner(secret), unsignedThrough: Number(through ?? 0) };
  const report = onPostgres
    ? verifyLines(await postgresLines(databaseUrl), sha256Text, signatures)
    : verifyJournal(file, sha256Text, signatures);
  if (!report.ok) {
    console.error(`npm run audit:verify: ${file}: ${report.problem}`);
    process.exitCode = 1;
    return;
  }
  const before =
    report.keyLinesBefore === 0
      ? ''
      : ` ${report.keyLinesBefore} key line${report.keyLinesBefore === 1 ? '' : 's'} from before the trail (applied, ${report.keyLinesBound ? "bound by the first entry's chain" : 'covered by neither chain nor signature: the first entry was written before 2026-11-28'}).`;
  console.log(
    `${file}: ${report.entries} audit entries, chain verified (head ${report.head.slice(0, 16)}…); ${signaturesSaid(report, signatures !== undefined)}.${before}`,
  );
});
