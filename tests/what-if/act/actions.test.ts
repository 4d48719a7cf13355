// The acts' table: a typed overlap as the API takes it, the body of each act from its fields (only
// what changes), when a confirmation needs the name typed, and how a preview and a result read.
import { describe, expect, it } from 'vitest';
import {
  acts,
  bodyOf,
  needsTypedName,
  overlapMsOf,
  overlapOf,
  type Preview,
} from '../../../src/what-if/act/actions.ts';
import {
  changedFields,
  previewHtml,
  problemText,
  resultHtml,
  whatIfFigure,
} from '../../../src/what-if/act/present.ts';
import { manageLimits, overlapMs } from '../../../src/manage/contract.ts';

describe('overlapOf', () => {
  it.each([
    ['now', 'now'],
    ['24h', '24h'],
    // The short one the proof needs.
    ['10 s', 'PT10S'],
    ['10s', 'PT10S'],
    ['90 min', 'PT90M'],
    ['36 hours', 'PT36H'],
    ['3 days', 'P3D'],
    ['p2w', 'P2W'],
    ['PT12H', 'PT12H'],
    ['', null],
    ['P', null],
    ['soon', null],
    ['-5 s', null],
    // Names every object has are not presets (they passed an `in` check).
    ['toString', null],
    ['__proto__', null],
    ['constructor', null],
  ])('%j → %j', (typed, expected) => {
    expect(overlapOf(typed)).toBe(expected);
  });

  it('the management contract reads no preset in an object built-in name', () => {
    for (const name of ['toString', '__proto__', 'constructor', 'hasOwnProperty'])
      expect(overlapMs(name)).toBeNull();
  });

  it('agrees with the management contract on milliseconds', () => {
    for (const typed of ['10 s', '90 min', '3 days', '7d', 'P1W'])
      expect(overlapMsOf(typed)).toBe(overlapMs(overlapOf(typed) ?? ''));
  });
});

describe('bodyOf', () => {
  it('rolls with the overlap typed', () => {
    expect(bodyOf('roll', { overlap: '10 s' })).toEqual({ body: { overlap: 'PT10S' } });
    expect(bodyOf('roll', { overlap: 'whenever' })).toMatchObject({ field: 'overlap' });
  });

  it('refuses an overlap longer than the management API takes, before sending it', () => {
    const limitDays = manageLimits.maxOverlapMs / 86_400_000;
    expect(bodyOf('roll', { overlap: `${limitDays} days` })).toEqual({ body: { overlap: `P${limitDays}D` } });
    for (const typed of [`${limitDays + 1} days`, `P${limitDays}DT1S`, 'P13W'])
      expect(bodyOf('roll', { overlap: typed })).toEqual({
        field: 'overlap',
        problem: `An overlap is at most ${limitDays} days: the management API refuses a longer one.`,
      });
  });

  it('sends only the limits that change, and refuses a change of nothing', () => {
    const current = { rpm_budget: '600', quota_orders_per_month: '50000' };
    expect(bodyOf('limits', { rpm_budget: '120', quota_orders_per_month: '50000' }, current)).toEqual({
      body: { rpm_budget: 120 },
    });
    expect(bodyOf('limits', current, current)).toMatchObject({ field: 'rpm_budget' });
    expect(bodyOf('limits', { rpm_budget: '0', quota_orders_per_month: '1' }, current)).toMatchObject({
      field: 'rpm_budget',
    });
  });

  it('deprecates with a sunset date and an optional successor', () => {
    expect(bodyOf('deprecate', { sunset_at: '2027-03-01', successor_route_id: '' })).toEqual({
      body: { sunset_at: '2027-03-01', successor_route_id: null },
    });
    expect(bodyOf('deprecate', { sunset_at: '' })).toMatchObject({ field: 'sunset_at' });
  });

  it("changes a consumer's plan", () => {
    const current = { plan: 'Growth', quota_requests_per_period: '100' };
    expect(bodyOf('plan', { plan: 'Enterprise', quota_requests_per_period: '100' }, current)).toEqual({
      body: { plan: 'Enterprise' },
    });
  });
});

const preview = (score: number, environment: string): Preview => ({
  action: 'key.update',
  target: { type: 'key', id: 'key_1', name: 'Acme prod' },
  before: { environment, rpm_budget: 600 },
  after: { environment, rpm_budget: 120 },
  blast: { score, dependents: 1, requests_per_day: 10 },
  what_if: null,
  preview_token: 'pv',
});

describe('needsTypedName', () => {
  it.each([
    [54.9, 'sandbox', false],
    [55, 'sandbox', true],
    [0, 'production', true],
  ])('score %s on %s → %s', (score, environment, expected) => {
    expect(needsTypedName(preview(score, environment), 55)).toBe(expected);
  });
});

describe('present', () => {
  it('lists the fields that change', () => {
    expect(changedFields({ a: 1, b: 'x' }, { a: 2, b: 'x' })).toEqual([['a', '1', '2']]);
  });

  it('words a stale preview as a way to preview again', () => {
    expect(problemText({ status: 412, code: 'preview_token_stale' }).stale).toBe(true);
    expect(problemText({ status: 403, code: 'insufficient_scope', detail: 'Vera may not' }).text).toBe(
      'Refused (403): Vera may not',
    );
  });

  it('says a 401 is the console session gone, not a missing management key (found from outside)', () => {
    const text = problemText({
      status: 401,
      code: 'unauthenticated',
      detail: 'Send "Authorization: Bearer <management key>"',
    }).text;
    expect(text).toBe('Your console session has ended; sign in again at /app/sign-in, then preview again.');
  });

  it.each([
    ['now', '0'],
    ['PT1H', '1'],
    ['P1D', '1'],
    ['P7D', '7'],
  ])(
    'opens the rotate what-if at whole days for an overlap of %s (under a day is one, never none)',
    (overlap, value) => {
      expect(acts.roll.whatIf?.value?.({ overlap })).toBe(value);
    },
  );

  it("shows a what-if's shares as the page does, with one decimal (found from outside: 3.5% read 4)", () => {
    expect(whatIfFigure('agent_share_pct', 3.527)).toEqual(['Agent share', '3.5%']);
    expect(whatIfFigure('automation_share_pct', 75.66)).toEqual(['Automation share', '75.7%']);
    expect(whatIfFigure('consumers_to_switch', 12)).toEqual(['Consumers to switch', '12']);
  });

  it('links the result to its audit entry and escapes names', () => {
    const html = resultHtml({
      action: 'key.revoke',
      audit_entry_id: 'aud_1',
      target: { type: 'key', id: 'key_1', name: '<b>x</b>' },
      after: {},
    });
    expect(html).toContain('href="/app/api/audit?id=aud_1"');
    expect(html).toContain('&lt;b&gt;x');
  });

  it('says a roll with no overlap refuses the old key at once, and one with an overlap until when', () => {
    const roll = (rotationEndsAt: string) =>
      resultHtml({
        action: 'key.roll',
        audit_entry_id: 'aud_2',
        target: { type: 'key', id: 'key_1', name: 'k' },
        after: { rotated_at: '2026-11-28T08:34:32.000Z', rotation_ends_at: rotationEndsAt },
      });
    expect(roll('2026-11-28T08:34:32.000Z')).toContain('Rolled k: the API refuses the old key from now on.');
    expect(roll('2026-11-29T08:34:32.000Z')).toContain('the old key works until');
  });

  it('says when a change changes nothing: no table, no audit entry', () => {
    const target = { type: 'route', id: 'rt_1', name: 'POST /v1/orders (prod)' };
    const preview = {
      action: 'route.deprecate',
      target,
      before: { sunset_at: '2027-01-31' },
      after: { sunset_at: '2027-01-31T00:00:00.000Z' },
      changed: false,
      blast: { score: 1, dependents: 0, requests_per_day: 0 },
      what_if: null,
      preview_token: 't',
    };
    expect(previewHtml(preview, 55)).toContain('Nothing changes: POST /v1/orders (prod) already is as asked');
    expect(previewHtml(preview, 55)).not.toContain('<table');
    const html = resultHtml({ action: 'route.deprecate', audit_entry_id: null, target, after: {} });
    expect(html).toContain('Nothing changed');
    expect(html).not.toContain('/app/api/audit');
  });
});
