// An audit entry for tests that read the trail (pages of it, a target's live state): every field
// the schema needs, an operator's change to a key with no request, overridden as each test needs.
import type { AuditEntry } from '../../src/manage/audit.ts';

/** Entry `seq` (`aud_<seq>`), with `fields` over the defaults. */
export function auditEntry(seq: number, fields: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: `aud_${seq}`,
    seq,
    time: '2026-11-28T08:00:00.000Z',
    actor: { type: 'operator', id: 'op_1', name: 'Ada' },
    action: 'key.update',
    target: { type: 'key', id: 'key_a', name: 'k' },
    before: null,
    after: null,
    request_id: null,
    idempotency_key: null,
    request_sha256: null,
    source_address: null,
    user_agent: null,
    blast: { score: 1, dependents: 0, requests_per_day: 0 },
    ...fields,
  };
}
