// `npm run audit:verify`: checks the management journal's hash chain (ESTATE_ISSUED_KEYS, else
// data/issued-keys.jsonl) and names the first entry altered or removed. Exit 0 when it verifies,
// 1 when it does not. With DATABASE_URL the trail lives in Postgres and is checked there.
import { runCli, type CliSpec } from '../../simulator/cli-args.ts';
import { issuedKeysFile } from '../../src/lib/issued-keys-file.ts';
import { sha256Text } from '../../server/manage/runtime.ts';
import { verifyJournal } from '../../server/manage/verify.ts';

const spec = {
  command: 'npm run audit:verify',
  usage: `usage: npm run audit:verify [-- FILE]

Verifies the audit trail's hash chain and names the first entry that was altered or removed.`,
  options: {},
  maxPositionals: 1,
} satisfies CliSpec<Record<never, never>>;

await runCli(spec, ({ positionals: [given] }) => {
  const file = given ?? issuedKeysFile();
  const report = verifyJournal(file, sha256Text);
  if (!report.ok) {
    console.error(`npm run audit:verify: ${file}: ${report.problem}`);
    process.exitCode = 1;
    return;
  }
  console.log(
    `${file}: ${report.entries} audit entries, chain verified (head ${report.head.slice(0, 16)}…).`,
  );
});
