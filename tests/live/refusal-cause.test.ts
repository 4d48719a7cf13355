// A refusal a change caused names it: the audit entry's action, actor and time, linked to the entry
// on the Audit screen; a refusal naming no entry names no cause.
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../src/manage/audit.ts';
import { refusalCause, refusalEntryId } from '../../src/live/refusal-cause.ts';
import { auditEntry } from '../manage/audit-entry.ts';

const entry = (action: string, actor: AuditEntry['actor']): AuditEntry =>
  auditEntry(3, {
    id: 'aud_Cause1',
    time: '2026-11-26T09:30:12.000Z',
    actor,
    action,
    target: { type: 'key', id: 'key_a', name: 'billing' },
    blast: { score: 60, dependents: 2, requests_per_day: 100 },
  });
const ada = { type: 'operator' as const, id: 'op_1', name: 'Ada' };
const refused = { problem: { code: 'invalid_token', audit_entry_id: 'aud_Cause1' } as never };

describe('the cause of a refusal', () => {
  it.each([
    ['key.revoke', ada, 'refused: key revoked by Ada at 2026-11-26 09:30:12 UTC'],
    ['key.roll', ada, 'refused: key rolled by Ada at 2026-11-26 09:30:12 UTC'],
    ['key.update', ada, 'refused: key expiry set by Ada at 2026-11-26 09:30:12 UTC'],
    // A retired route's 410 names the deprecation that set its sunset.
    ['route.deprecate', ada, 'refused: route sunset set by Ada at 2026-11-26 09:30:12 UTC'],
    // An actor without a name reads as its kind.
    [
      'key.revoke',
      { type: 'demo_visitor' as const, id: 'demo_visitor', name: '' },
      'refused: key revoked by Demo visitor at 2026-11-26 09:30:12 UTC',
    ],
  ])('%s by %j', (action, actor, text) => {
    expect(refusalCause(refused, () => entry(action, actor))).toEqual({
      entryId: 'aud_Cause1',
      text,
      href: '/app/api/audit?id=aud_Cause1',
    });
  });

  it('still links an entry the trail no longer shows', () => {
    expect(refusalCause(refused, () => undefined)).toEqual({
      entryId: 'aud_Cause1',
      text: 'refused: a change (audit entry aud_Cause1)',
      href: '/app/api/audit?id=aud_Cause1',
    });
  });

  it.each([
    ['no problem', null],
    ['a problem without an entry', { code: 'invalid_token' }],
    ['an entry id that is not one', { audit_entry_id: '"><script>' }],
  ])('names none for %s', (_, problem) => {
    expect(refusalEntryId({ problem: problem as never })).toBeNull();
    expect(refusalCause({ problem: problem as never }, () => entry('key.revoke', ada))).toBeNull();
  });
});
