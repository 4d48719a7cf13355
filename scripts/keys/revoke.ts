// `npm run keys:revoke -- <key id>`: revokes a key issued on this server or one of the workspace's
// own keys, through the management module (src/manage): the same checks as the management API,
// and an audit entry with the actor `cli`, appended with the change as one journal line to the
// issued-keys file (the workspace file is only read). A running server refuses the key within a
// second, without a restart.
import { runCli, UsageError, type CliSpec } from '../lib/cli-args.ts';
import { planRevoke } from '../../src/manage/changes/keys.ts';
import { applyLocally, openLocalManage } from '../manage/local.ts';

const spec = {
  command: 'npm run keys:revoke',
  usage: `usage: npm run keys:revoke -- <key id>

Revokes a key at once: issued here (npm run keys:issue) or one of the workspace's keys. A running
server answers it 401 invalid_token ("revoked") within a second; a key in a rotation's overlap
stops at once too. Appends a line (the change and its audit entry) to the issued-keys file
(ESTATE_ISSUED_KEYS, else data/issued-keys.jsonl); the workspace file is never written.`,
  options: {},
  maxPositionals: 1,
} satisfies CliSpec<Record<never, never>>;

await runCli(spec, async ({ positionals: [keyId] }) => {
  if (!keyId) throw new UsageError('name the key to revoke: npm run keys:revoke -- <key id>');
  const local = await openLocalManage();
  try {
    const applied = await applyLocally(local.deps, {
      action: 'key.revoke',
      targetType: 'key',
      targetId: keyId,
      params: {},
      plan: (ctx) => planRevoke(ctx, keyId),
    });
    const after = applied.after as { name: string; environment: string; revoked_at: string };
    console.log(
      `Revoked ${keyId} (${after.name}, ${after.environment}) at ${after.revoked_at}; a running server refuses it within a second.`,
    );
  } finally {
    await local.close();
  }
});
