// The Orders API's key store over the management journal: a key another process (the CLI)
// issued into the journal works on its first use; a revocation by another process counts once the
// store looks again (every second on the server; at once here, recheckMs 0); workspace keys come
// from the seed.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { JournalManageStore } from '../../../server/manage/journal-store.ts';
import { ManagedKeyStore } from '../../../server/manage/runtime.ts';
import {
  depsOver,
  fixtureSeed,
  managementKey,
  previewAndApply,
  prodMaterial,
  sha,
} from '../../manage/fixture.ts';

const dir = mkdtempSync(join(tmpdir(), 'manage-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('ManagedKeyStore', () => {
  it('sees keys and revocations another writer appends to the journal', async () => {
    const file = join(dir, 'journal.jsonl');
    const server = new JournalManageStore(file, fixtureSeed(), sha, { recheckMs: 0 });
    const keys = new ManagedKeyStore(server);
    expect(keys.findByHash(sha(prodMaterial))).toMatchObject({
      key_id: 'key_prod',
      status: 'active',
      quota_orders_per_month: 50000,
    });

    const cli = depsOver(new JournalManageStore(file, fixtureSeed(), sha), () => Date.now());
    const token = await managementKey(cli);
    const issued = await previewAndApply(cli, 'POST', '/keys', { name: 'from the cli' }, { token });
    const secret = String(issued.applied.body.secret);
    expect(keys.findByHash(sha(secret))).toMatchObject({ status: 'active', environment: 'sandbox' });

    const revoked = await previewAndApply(cli, 'POST', '/keys/key_prod/revoke', {}, { token });
    expect(keys.findByHash(sha(prodMaterial))).toMatchObject({
      status: 'revoked',
      audit_entry_id: revoked.applied.body.audit_entry_id,
    });
    await server.close();
  });
});
