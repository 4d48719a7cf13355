// `npm run keys:revoke -- <key id>`: revokes a key issued on this server or one of the workspace's
// own keys, by appending a `revoked` line to the issued-keys file (the workspace file is only
// read). A running server refuses the key within a second, without a restart.
import { Refusal, runCli, UsageError, type CliSpec } from '../lib/cli-args.ts';
import { defaultDataFile } from '../../src/node/data-file.ts';
import { appendIssuedKeysLines, issuedKeysFile } from '../../src/node/issued-keys-file.ts';
import { findKey, refusal } from './lookup.ts';

const spec = {
  command: 'npm run keys:revoke',
  usage: `usage: npm run keys:revoke -- <key id>

Revokes a key at once: issued here (npm run keys:issue) or one of the workspace's keys. A running
server answers it 401 invalid_token ("revoked") within a second; a key in a rotation's overlap
stops at once too. Appends a line to the issued-keys file (ESTATE_ISSUED_KEYS, else
data/issued-keys.jsonl); the workspace file is never written.`,
  options: {},
  maxPositionals: 1,
} satisfies CliSpec<Record<never, never>>;

await runCli(spec, async ({ positionals: [keyId] }) => {
  if (!keyId) throw new UsageError('name the key to revoke: npm run keys:revoke -- <key id>');
  const now = new Date();
  const file = issuedKeysFile();
  const found = await findKey(keyId, { dataFile: defaultDataFile(), issuedKeysFile: file });
  const refused = refusal(found, 'revoke', now.getTime());
  if (refused) throw new Refusal(refused);
  const { key } = found;
  appendIssuedKeysLines(file, [
    {
      event: 'revoked',
      key_id: key.key_id,
      key_hash_sha256: key.key_hash_sha256,
      revoked_at: now.toISOString(),
    },
  ]);
  console.log(
    `Revoked ${key.key_id} (${key.name}, ${key.environment}) at ${now.toISOString()}; a running server refuses it within a second.`,
  );
});
