// `npm run keys:restore-demo`: returns the public demo sandbox key (key_demo_sandbox) to the state
// the workspace simulated, after a revocation or a rotation. A management action like every key
// change (src/manage: `key.restore`, the same checks, and an audit entry with the actor `cli`),
// appended with its `restored` effect as one journal line (never an edit; the workspace file is
// only read); a running server accepts the key again within a second. Only the demo key: a real
// key, once revoked, stays revoked (docs/decisions.md, "The demo key has a way back").
import { Refusal, runCli, type CliSpec } from '../lib/cli-args.ts';
import { demoSandboxKeyId } from '../../src/mocks/public-world.ts';
import { planRestore } from '../../src/manage/changes/keys.ts';
import { keyStatusAt } from '../../src/manage/views.ts';
import { applyLocally, openLocalManage } from '../manage/local.ts';

const spec = {
  command: 'npm run keys:restore-demo',
  usage: `usage: npm run keys:restore-demo

Returns the demo sandbox key (${demoSandboxKeyId}) to the state the workspace simulated: undoes a
revocation or a rotation made with npm run keys:revoke, keys:rotate or the management API. A running
server accepts the key again within a second, and Try it fills it in again. Appends a line (the
change and its audit entry) to the issued-keys file (ESTATE_ISSUED_KEYS, else
data/issued-keys.jsonl; Postgres with DATABASE_URL); a rotation's replacement keeps working.`,
  options: {},
  maxPositionals: 0,
} satisfies CliSpec<Record<never, never>>;

await runCli(spec, async () => {
  const local = await openLocalManage();
  try {
    const key = local.deps.store.current().state.keys.get(demoSandboxKeyId);
    if (!key) throw new Refusal(`the workspace has no demo key ${demoSandboxKeyId}`);
    if (key.revoked_at === null && key.rotated_at === null) {
      const status = keyStatusAt(key, Date.now());
      console.log(`${key.key_id} is already as the workspace simulated it (${status}); nothing written.`);
      return;
    }
    const replacedBy = key.replaced_by;
    const applied = await applyLocally(local.deps, {
      action: 'key.restore',
      targetType: 'key',
      targetId: demoSandboxKeyId,
      params: {},
      plan: (ctx) => planRestore(ctx, demoSandboxKeyId),
    });
    const after = applied.after as { name: string; environment: string; status: string };
    const replacement = replacedBy
      ? ` Its replacement ${replacedBy} keeps working; npm run keys:revoke -- ${replacedBy} ends it.`
      : '';
    console.log(
      `Restored ${demoSandboxKeyId} (${after.name}, ${after.environment}) to its simulated state (${after.status}) at ${new Date().toISOString()} (audit entry ${applied.audit_entry_id}); a running server accepts it again within a second.${replacement}`,
    );
  } finally {
    await local.close();
  }
});
