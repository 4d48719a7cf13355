// src/what-if/index.ts: one node call per what-if, from a workspace and the what-if's parameters to
// the answer its console preview shows (what the management API's dry run calls), on the
// hand-computed blast fixture.
import { describe, expect, it } from 'vitest';
import { previewChange, previewRetire, previewRotate, previewThrottle } from '../../src/what-if/index.ts';
import { throttleTotal } from '../../src/what-if/throttle/query.ts';
import { useBlastWorkspace } from '../queries/blast/blast-workspace.ts';

const ws = useBlastWorkspace();

describe('previewThrottle', () => {
  it('gives the 429s per day at the current budget and at the proposed one, as SQL predicts them', async () => {
    const preview = await previewThrottle(ws(), { keyId: 'key_prod_a', rpm: 40 });
    // key_prod_a's budget is 600 rpm, above every recorded minute: no 429s today.
    expect(preview).toMatchObject({
      key_id: 'key_prod_a',
      rpm_budget: 600,
      rpm: 40,
      throttled_per_day_today: 0,
    });
    expect(preview?.throttled_per_day_after).toBe(await throttleTotal('key_prod_a', 40, ws()));
    expect(preview?.throttled_per_day_after).toBeGreaterThan(0);
    expect(preview?.rows.map((r) => r.consumer_id)).toContain('con_bot');
  });

  it('is undefined for an unknown key and refuses a budget that is not whole', async () => {
    expect(await previewThrottle(ws(), { keyId: 'key_missing', rpm: 40 })).toBeUndefined();
    await expect(previewThrottle(ws(), { keyId: 'key_prod_a', rpm: 1.5 })).rejects.toThrow(/whole number/);
  });
});

describe('previewRotate', () => {
  it('cuts the window short by the key’s expiry', async () => {
    // key_prod_a expires 4 days after the as-of date.
    expect(await previewRotate(ws(), { keyId: 'key_prod_a', overlapDays: 14 })).toMatchObject({
      proposed_days: 14,
      overlap_days: 4,
      cut_short_by_expiry: true,
      usable: false,
    });
    expect(await previewRotate(ws(), { keyId: 'key_missing', overlapDays: 14 })).toBeUndefined();
  });
});

describe('previewRetire', () => {
  it('answers a proposed sunset, and refuses one in the past as an invalid outcome', async () => {
    const later = await previewRetire(ws(), { routeId: 'rt_orders_v1', sunset: '2027-03-01' });
    expect(later).toMatchObject({ valid: true, sunset: '2027-03-01', notice_days: 120 });
    expect(await previewRetire(ws(), { routeId: 'rt_orders_v1', sunset: '2026-10-01' })).toMatchObject({
      valid: false,
    });
    expect(await previewRetire(ws(), { routeId: 'rt_missing' })).toBeUndefined();
  });
});

describe('previewChange', () => {
  it('gives the failed requests per day now and after', async () => {
    const outcome = await previewChange(ws(), { functionId: 'fn_create', errorPct: 10, rolloutPct: 50 });
    expect(outcome).toMatchObject({ error_pct: 10, rollout_pct: 50 });
    expect(outcome?.failed_after_per_day).toBeGreaterThan(outcome?.failed_now_per_day ?? Infinity);
    expect(
      await previewChange(ws(), { functionId: 'fn_missing', errorPct: 10, rolloutPct: 50 }),
    ).toBeUndefined();
  });
});
