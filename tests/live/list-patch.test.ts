// What the Keys, Routes and Consumers lists show of the live state (src/live/list-patch.ts): each
// target's newest entry since the last demo reset, read from its `after` view into cells and values.
import { describe, expect, it } from 'vitest';
import { listPatches } from '../../src/live/list-patch.ts';
import { auditEntry } from '../manage/audit-entry.ts';

const key = (seq: number, rpm: number) =>
  auditEntry(seq, { after: { key_id: 'key_a', plan: 'Growth', rpm_budget: rpm, status: 'active' } });
const route = (seq: number, deprecated: boolean) =>
  auditEntry(seq, {
    action: deprecated ? 'route.deprecate' : 'route.restore',
    target: { type: 'route', id: 'rt_a', name: 'GET /v1/orders (prod)' },
    after: { route_id: 'rt_a', deprecated },
  });
const consumer = (seq: number, plan: string) =>
  auditEntry(seq, {
    action: 'consumer.update',
    target: { type: 'consumer', id: 'con_a', name: 'Acme' },
    after: { consumer_id: 'con_a', plan, quota_requests_per_period: 10 },
  });

describe('the lists’ live facts', () => {
  it('take each target’s newest entry, in whatever order the entries come', () => {
    const entries = [key(3, 30), route(4, true), key(5, 1500), consumer(6, 'Enterprise'), route(2, false)];
    expect(listPatches(entries, 0)).toEqual({
      key_a: {
        entry: 'aud_5',
        cells: { plan: { text: 'Growth' }, rpm: { text: '1,500' } },
        values: { plan: 'Growth', rpm_budget: 1500 },
      },
      rt_a: {
        entry: 'aud_4',
        cells: { deprecated: { text: 'Deprecated', badge: { tone: 'warn', icon: '▲' } } },
        values: { deprecated: true },
      },
      con_a: { entry: 'aud_6', cells: { plan: { text: 'Enterprise' } }, values: { plan: 'Enterprise' } },
    });
  });

  it('show a restored route as not deprecated', () => {
    expect(listPatches([route(4, true), route(9, false)], 0).rt_a?.cells).toEqual({
      deprecated: { text: 'No', muted: true },
    });
  });

  it.each([
    // A demo reset after every change: all as simulated.
    { entries: [key(3, 30), route(4, true)], resetSeq: 5, ids: [] },
    // A change after the reset counts; the one before it does not.
    { entries: [key(3, 30), route(7, true)], resetSeq: 5, ids: ['rt_a'] },
    // An entry whose after is not the target's view patches nothing.
    { entries: [auditEntry(8, { after: null })], resetSeq: 0, ids: [] },
  ])(
    'patch nothing from before a reset or without a view (reset $resetSeq)',
    ({ entries, resetSeq, ids }) => {
      expect(Object.keys(listPatches(entries, resetSeq))).toEqual(ids);
    },
  );
});
