// The rotate what-if: the overlap a key can give for a proposed window, the cutover, and who must
// switch before it (the rule of blast_rotate_rollup, for any proposed window).
import { describe, expect, it } from 'vitest';
import { rotateOutcome } from '../../../src/what-if/rotate/outcome.ts';
import { rotateSetup } from './rotate-setup.ts';

describe('rotateOutcome', () => {
  it.each([
    // the policy's window on a key that never expires: usable, two must switch by 15 Nov
    [
      'active',
      null,
      14,
      { overlap_days: 14, usable: true, cut_short_by_expiry: false, cutover: '2026-11-15' },
    ],
    // the expiry 4 days out cuts the window below the 7-day minimum
    [
      'expiring',
      '2026-11-05 12:00:00',
      14,
      { overlap_days: 4, usable: false, cut_short_by_expiry: true, cutover: '2026-11-05' },
    ],
    // exactly the minimum is usable
    ['active', null, 7, { overlap_days: 7, usable: true, cut_short_by_expiry: false, cutover: '2026-11-08' }],
    // a window shorter than the minimum is not
    [
      'active',
      null,
      6,
      { overlap_days: 6, usable: false, cut_short_by_expiry: false, cutover: '2026-11-07' },
    ],
    // no overlap at all: the old material stops today
    [
      'active',
      null,
      0,
      { overlap_days: 0, usable: false, cut_short_by_expiry: false, cutover: '2026-11-01' },
    ],
    // a key that expired already has no time left
    [
      'active',
      '2026-10-20 00:00:00',
      14,
      { overlap_days: 0, usable: false, cut_short_by_expiry: true, cutover: '2026-11-01' },
    ],
    // a revoked key no longer authenticates: nothing to overlap
    [
      'revoked',
      null,
      14,
      { overlap_days: 0, usable: false, cut_short_by_expiry: false, cutover: '2026-11-01' },
    ],
  ])('%s key expiring %s, %d days proposed', (status, expires, days, expected) => {
    const outcome = rotateOutcome(rotateSetup(status, expires), days);
    expect(outcome).toMatchObject({
      ...expected,
      proposed_days: days,
      must_switch: 2,
      requests_at_risk_per_day: 150,
    });
  });

  it('says what each consumer must do', () => {
    const plans = (days: number) =>
      rotateOutcome(rotateSetup('active', null), days).consumers.map((c) => c.plan);
    expect(plans(14)).toEqual(['falls_back', 'switch_in_window', 'switch_in_window']);
    expect(plans(3)).toEqual(['falls_back', 'breaks_at_cutover', 'breaks_at_cutover']);
  });
});
