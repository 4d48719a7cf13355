// Each alert links to the what-if that answers it (v_alerts.what_if_kind), filled in.
import { describe, expect, it } from 'vitest';
import { alertWhatIfHref } from '../../src/what-if/alert-links.ts';
import type { WhatIfValues } from '../../src/what-if/params.ts';

describe('alertWhatIfHref', () => {
  it.each<[string, string | null, string, WhatIfValues, string]>([
    // a throttle storm opens its key's throttle preview at the budget that ends its 429s
    [
      'throttle storm',
      'throttle',
      '/app/api/keys/key_x#what-if',
      { throttleRpm: 2410 },
      '/app/api/keys/key_x?throttle_rpm=2410#what-if-throttle',
    ],
    // rotation lag opens the rotate preview at the policy's window
    [
      'rotation lag',
      'rotate',
      '/app/api/keys/key_x#what-if',
      { rotateOverlapDays: 14 },
      '/app/api/keys/key_x?rotate_overlap_days=14#what-if-rotate',
    ],
    // a sunset with dependents opens the retire preview at the route's own sunset, the alert's date
    [
      'sunset',
      'retire',
      '/app/api/routes/rt_x#what-if',
      { retireSunset: '2026-11-21' },
      '/app/api/routes/rt_x?retire_sunset=2026-11-21#what-if-retire',
    ],
    // a failing function or a budget burn opens its change preview at a fix
    [
      'function errors',
      'change',
      '/app/api/functions/fn_x#what-if',
      { changeErrorPct: 0 },
      '/app/api/functions/fn_x?change_error_pct=0#what-if-change',
    ],
    // p99 drift opens the change preview as it is
    ['p99 drift', 'change', '/app/api/functions/fn_x#what-if', {}, '/app/api/functions/fn_x#what-if-change'],
    // no what-if, or a name inherited from Object.prototype: the alert keeps its link
    ['no what-if', null, '/app/api/x#what-if', {}, '/app/api/x#what-if'],
    ['an inherited name', 'constructor', '/app/api/x#what-if', {}, '/app/api/x#what-if'],
  ])('%s', (_name, kind, href, values, expected) =>
    expect(alertWhatIfHref(kind, href, values)).toBe(expected),
  );
});
