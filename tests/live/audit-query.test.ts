// The Audit screen's URL: filters, cursors and the opened entry read back from the URL they write;
// malformed values are dropped; the state becomes the trail's query (times in UTC).
import { describe, expect, it } from 'vitest';
import {
  auditHref,
  auditPageQuery,
  actorTypeLabels,
  hasBlastRadius,
  isAuditFiltered,
  parseAuditState,
  targetHref,
  timeOf,
  type AuditState,
} from '../../src/live/audit-query.ts';

const parse = (search: string) => parseAuditState(new URLSearchParams(search));

describe('reading the URL', () => {
  it.each([
    // Every filter, kept.
    [
      'actor=op_1&type=operator&action=key.revoke&target=key_abc&since=2026-11-26&until=2026-11-26T10:30',
      {
        actor: 'op_1',
        type: 'operator',
        action: 'key.revoke',
        target: 'key_abc',
        since: '2026-11-26',
        until: '2026-11-26T10:30',
      },
    ],
    // Unknown actor type, malformed action, target and times: dropped.
    ['type=robot&action=revoke&target=../etc&since=yesterday&until=2026-13-45', {}],
    // The default page size is left out; a size over the API's maximum is dropped.
    ['limit=50', {}],
    ['limit=501', {}],
    ['limit=2', { limit: '2' }],
    // One cursor at a time: an older page wins over a newer one.
    ['before=8&after=3', { before: '8' }],
    ['after=3', { after: '3' }],
    // A management key is a target too (mkid_…), and so are an operator (op_…) and the demo
    // workspace (a reset): every target type the trail holds.
    ['target=mkid_AbC12', { target: 'mkid_AbC12' }],
    ['target=op_NtYsbJzfuW4NZoYH', { target: 'op_NtYsbJzfuW4NZoYH' }],
    ['target=op_vic1', { target: 'op_vic1' }],
    ['target=workspace', { target: 'workspace' }],
    ['target=operators', { target: 'operators' }],
    ['target=op_', {}],
    ['target=workspaces', {}],
    // An entry to open; not an entry id: dropped.
    ['id=aud_AbC12', { id: 'aud_AbC12' }],
    ['id=key_abc', {}],
    // Blank values are no filter.
    ['actor=&target=%20', {}],
  ])('%s', (search, expected) => {
    expect(parse(search)).toEqual(expected);
  });

  it('reads back the state from the URL it writes', () => {
    const state: AuditState = { type: 'demo_visitor', target: 'rt_abc', before: '12', limit: '10' };
    const href = auditHref(state);
    expect(href).toBe('/app/api/audit?type=demo_visitor&target=rt_abc&limit=10&before=12');
    expect(parse(href.slice(href.indexOf('?')))).toEqual(state);
    expect(
      auditHref(state, { before: undefined, type: undefined, target: undefined, limit: undefined }),
    ).toBe('/app/api/audit');
  });
});

describe('the query it asks the trail', () => {
  it('maps filters, times (UTC) and cursors', () => {
    expect(
      auditPageQuery({
        type: 'management_key',
        since: '2026-11-26',
        until: '2026-11-26T10:30',
        after: '4',
        limit: '5',
      }),
    ).toEqual({
      limit: 5,
      actor_type: 'management_key',
      since: '2026-11-26T00:00:00.000Z',
      until: '2026-11-26T10:30:00.000Z',
      ending_before: '4',
    });
    expect(auditPageQuery({ before: '9', actor: 'cli:ada' })).toEqual({
      limit: 50,
      actor: 'cli:ada',
      cursor: '9',
    });
  });

  it.each([
    ['2026-11-26', '2026-11-26T00:00:00.000Z'],
    ['2026-11-26T09:05', '2026-11-26T09:05:00.000Z'],
    ['2026-11-26T09:05:07', '2026-11-26T09:05:07.000Z'],
    ['2026-11-26T09:05:07Z', '2026-11-26T09:05:07.000Z'],
    ['2026-02-30', null],
    ['26-11-2026', null],
  ])('time %s means %s', (value, expected) => {
    expect(timeOf(value)).toBe(expected);
  });
});

describe('what else the screen asks', () => {
  it('is filtered by a filter, not by a cursor, a size or an opened entry', () => {
    expect(isAuditFiltered({ before: '3', limit: '2', id: 'aud_x' })).toBe(false);
    expect(isAuditFiltered({ action: 'key.roll' })).toBe(true);
  });

  it.each([
    [{ type: 'key', id: 'key_a' }, '/app/api/keys/key_a'],
    [{ type: 'route', id: 'rt_a' }, '/app/api/routes/rt_a'],
    [{ type: 'consumer', id: 'con_a' }, '/app/api/consumers/con_a'],
    [{ type: 'management_key', id: 'mk_a' }, null],
  ])('links the target %j to %s', (target, expected) => {
    expect(targetHref(target)).toBe(expected);
  });
});

describe('an operator as a target', () => {
  it('filters the trail to one operator as it does to one key', () => {
    expect(auditPageQuery(parse('target=op_vic1'))).toMatchObject({ target: 'op_vic1' });
    expect(auditHref({ target: 'op_vic1' })).toBe('/app/api/audit?target=op_vic1');
  });
});

describe('what an entry shows of its target and actor', () => {
  it.each([
    ['key', true],
    ['route', true],
    ['consumer', true],
    ['operator', false],
    ['management_key', false],
    ['workspace', false],
  ])('has a blast radius for a %s target: %s', (type, expected) => {
    expect(hasBlastRadius({ type })).toBe(expected);
  });

  it('names a console operator so, not by the word for a role', () => {
    expect(actorTypeLabels.operator).toBe('Console operator');
  });
});
