// Each alert links to the what-if on its target's page that answers it, filled in.
import { describe, expect, it } from 'vitest';
import { alertWhatIfHref } from '../../../src/lib/what-if/alert-links.ts';

describe('alertWhatIfHref', () => {
  it.each([
    // a throttle storm opens the key's throttle preview at the budget that ends its 429s
    [
      'throttle_storm',
      '/app/api/keys/key_x#what-if',
      { throttleRpm: 2410 },
      '/app/api/keys/key_x?throttle_rpm=2410#what-if-throttle',
    ],
    // rotation lag opens the rotate preview at the policy's window
    [
      'rotation_lag',
      '/app/api/keys/key_x#what-if',
      { rotateOverlapDays: 14 },
      '/app/api/keys/key_x?rotate_overlap_days=14#what-if-rotate',
    ],
    // a sunset with dependents opens the retire preview at a sunset with the policy's notice
    [
      'sunset_with_dependents',
      '/app/api/routes/rt_x#what-if',
      { retireSunset: '2027-01-30' },
      '/app/api/routes/rt_x?retire_sunset=2027-01-30#what-if-retire',
    ],
    // a failing function opens its change preview at a fix
    [
      'function_errors',
      '/app/api/functions/fn_x#what-if',
      { changeErrorPct: 0 },
      '/app/api/functions/fn_x?change_error_pct=0#what-if-change',
    ],
    // p99 drift opens the change preview as it is
    [
      'p99_drift_cold_starts',
      '/app/api/functions/fn_x#what-if',
      {},
      '/app/api/functions/fn_x#what-if-change',
    ],
    // a kind with no what-if keeps its link; so does a name inherited from Object.prototype
    ['budget_burn', '/app/api/x#what-if', {}, '/app/api/x#what-if'],
    ['constructor', '/app/api/x#what-if', {}, '/app/api/x#what-if'],
  ])('%s', (kind, href, values, expected) => expect(alertWhatIfHref(kind, href, values)).toBe(expected));
});
