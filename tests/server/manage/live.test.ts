// The console's one live interface: keys and the audit trail come from the server's management
// ledger (embedded or Postgres alike), and no module of src/live reads a file of the server.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RequestLogReader } from '../../../src/api/request-log.ts';
import { liveSourceOf } from '../../../server/manage/live.ts';
import { depsOver, freshStore, managementKey, previewAndApply } from '../../manage/fixture.ts';

describe('the live source', () => {
  it('lists keys issued and revoked through the management API, and reads the audit trail', async () => {
    const deps = depsOver(freshStore('journal'));
    const source = liveSourceOf({} as RequestLogReader, deps);
    const token = await managementKey(deps);
    expect(source.keys().all()).toEqual([]);
    const { applied } = await previewAndApply(deps, 'POST', '/keys', { name: 'seen live' }, { token });
    const keyId = (applied.body.after as { key_id: string }).key_id;
    await previewAndApply(deps, 'POST', `/keys/${keyId}/revoke`, {}, { token });
    expect(source.keys().get(keyId)).toMatchObject({
      issued: { name: 'seen live' },
      revoked_at: expect.any(String) as unknown,
    });
    const page = source.audit({ limit: 2, target: keyId });
    expect(page.entries.map((e) => e.action)).toEqual(['key.revoke', 'key.issue']);
    const [revoke] = page.entries;
    expect(source.auditEntry(revoke?.id ?? '')).toEqual(revoke);
    expect(source.auditEntry('aud_none')).toBeUndefined();
  });

  it('no module of src/live reads files', () => {
    const dir = 'src/live';
    for (const name of readdirSync(dir)) {
      const text = readFileSync(join(dir, name), 'utf8');
      expect(text, name).not.toMatch(/from 'node:fs'|issued-keys-file/);
    }
  });
});
