// A change's effect on live traffic, read from the log through the live source: after a revoke, the
// 401s that followed it (and not those before, nor another key's); after a roll, the old and the new
// key's traffic since the roll, and whether the overlap has ended.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionEffect } from '../../src/live/action-effect.ts';
import { installLiveSource } from '../../src/live/source.ts';
import type { AuditEntry } from '../../src/manage/audit.ts';
import { liveSourceOf } from '../../server/manage/live.ts';
import { FileRequestLog } from '../../server/request-log/file-log.ts';
import { depsOver, freshStore, managementKey, previewAndApply } from '../manage/fixture.ts';
import { record } from '../server/request-log/records.ts';

const nowMs = Date.parse('2026-11-26T12:00:00Z');
const dir = mkdtempSync(join(tmpdir(), 'action-effect-'));
let log: FileRequestLog;
let revoke: AuditEntry;
let roll: AuditEntry;
let replacement: string;

beforeAll(async () => {
  log = await FileRequestLog.open({ dir, maxBytes: 1 << 20 });
  const deps = depsOver(freshStore('journal'));
  installLiveSource(liveSourceOf(log, deps));
  const token = await managementKey(deps);
  const revoked = await previewAndApply(deps, 'POST', '/keys/key_sbx/revoke', {}, { token });
  const rolled = await previewAndApply(deps, 'POST', '/keys/key_prod/roll', { overlap: '1h' }, { token });
  const entries = deps.store.current().entries;
  revoke = entries.find((e) => e.id === revoked.applied.body.audit_entry_id) as AuditEntry;
  roll = entries.find((e) => e.id === rolled.applied.body.audit_entry_id) as AuditEntry;
  replacement = (rolled.applied.body.after as { replacement: { key_id: string } }).replacement.key_id;
  const refusal = (id: string) => ({
    status: 401,
    problem: { code: 'invalid_token', audit_entry_id: id } as never,
  });
  const at = (ms: number) => ({ time_ms: ms });
  [
    record(1, { key_id: 'key_sbx', ...at(nowMs - 60_000) }),
    record(2, { key_id: 'key_sbx', ...at(nowMs - 30_000), status: 401 }),
    record(3, { key_id: 'key_sbx', ...at(nowMs + 1000), ...refusal(revoke.id) }),
    record(4, { key_id: 'key_sbx', ...at(nowMs + 2000), ...refusal(revoke.id) }),
    record(5, { key_id: 'key_other', ...at(nowMs + 3000), status: 401 }),
    record(6, { key_id: 'key_prod', ...at(nowMs + 4000) }),
    record(7, { key_id: replacement, ...at(nowMs + 5000) }),
    record(8, { key_id: 'key_prod', ...at(nowMs + 3_700_000), ...refusal(roll.id) }),
  ].forEach((r) => log.append(r));
});
afterAll(async () => {
  installLiveSource(null);
  await log.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('after a revoke', () => {
  it('lists the 401s that followed it, newest first, and counts them', async () => {
    const effect = await actionEffect(revoke, nowMs + 10_000);
    expect(effect?.kind).toBe('revoke');
    if (effect?.kind !== 'revoke') return;
    expect(effect.refused).toBe(2);
    expect(effect.rows.map((r) => r.request_id)).toEqual([record(4).request_id, record(3).request_id]);
    expect(effect.rows.map((r) => (r.problem as { audit_entry_id?: string }).audit_entry_id)).toEqual([
      revoke.id,
      revoke.id,
    ]);
  });
});

describe('after a roll', () => {
  it.each([
    // During the overlap: both keys answered.
    [nowMs + 60_000, false],
    // After it: the old key's refusal counts too (the log is read as it is).
    [nowMs + 4_000_000, true],
  ])('at %d the overlap has ended: %s', async (readMs, ended) => {
    const effect = await actionEffect(roll, readMs);
    expect(effect).toMatchObject({
      kind: 'roll',
      ended,
      overlapEndsMs: nowMs + 3_600_000,
      old: { keyId: 'key_prod', requests: 2, accepted: 1, refused: 1, lastMs: nowMs + 3_700_000 },
      replacement: { keyId: replacement, requests: 1, accepted: 1, refused: 0, lastMs: nowMs + 5000 },
    });
  });
});

describe('other changes', () => {
  it('have no effect to show', async () => {
    expect(await actionEffect({ ...revoke, action: 'key.update' }, nowMs)).toBeNull();
    expect(await actionEffect({ ...revoke, target: { ...revoke.target, type: 'route' } }, nowMs)).toBeNull();
  });
});
