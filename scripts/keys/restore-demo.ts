// `npm run keys:restore-demo`: returns the public demo sandbox key (key_demo_sandbox) to the state
// the workspace simulated, after a revocation or a rotation from the CLI. Appends one `restored`
// line to the issued-keys file (never edits a line; the workspace file is only read); a running
// server accepts the key again within a second. Only the demo key: a real key, once revoked, stays
// revoked (docs/decisions.md, "The demo key has a way back").
import { runCli, type CliSpec } from '../lib/cli-args.ts';
import { defaultDataFile } from '../../src/node/data-file.ts';
import { appendIssuedKeysLines, issuedKeysFile } from '../../src/node/issued-keys-file.ts';
import { demoSandboxKeyId } from '../../src/mocks/public-world.ts';
import { findKey } from './lookup.ts';

const spec = {
  command: 'npm run keys:restore-demo',
  usage: `usage: npm run keys:restore-demo

Returns the demo sandbox key (${demoSandboxKeyId}) to the state the workspace simulated: undoes a
revocation or a rotation made with npm run keys:revoke or keys:rotate. A running server accepts the
key again within a second, and Try it fills it in again. Appends a line to the issued-keys file
(ESTATE_ISSUED_KEYS, else data/issued-keys.jsonl); a rotation's replacement keeps working.`,
  options: {},
  maxPositionals: 0,
} satisfies CliSpec<Record<never, never>>;

await runCli(spec, async () => {
  const now = new Date();
  const file = issuedKeysFile();
  const { key, lifecycle } = await findKey(demoSandboxKeyId, {
    dataFile: defaultDataFile(),
    issuedKeysFile: file,
  });
  if (!lifecycle?.revoked_at && !lifecycle?.rotated_at) {
    console.log(`${key.key_id} is already as the workspace simulated it (${key.status}); nothing written.`);
    return;
  }
  appendIssuedKeysLines(file, [
    {
      event: 'restored',
      key_id: key.key_id,
      key_hash_sha256: key.key_hash_sha256,
      restored_at: now.toISOString(),
    },
  ]);
  const replacement = lifecycle.replaced_by
    ? ` Its replacement ${lifecycle.replaced_by} keeps working; npm run keys:revoke -- ${lifecycle.replaced_by} ends it.`
    : '';
  console.log(
    `Restored ${key.key_id} (${key.name}, ${key.environment}) to its simulated state (${key.status}) at ${now.toISOString()}; a running server accepts it again within a second.${replacement}`,
  );
});
