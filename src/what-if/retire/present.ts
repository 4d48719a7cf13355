// The retire what-if's presentation: for a proposed sunset, the notice callers get, whether it meets
// the notice policy or would raise the sunset-with-dependents alert, and the headers they receive.
import { formatFigure } from '../../lib/figures.ts';
import { formatDate, formatNoun } from '../../lib/format.ts';
import type { WhatIfValues } from '../params.ts';
import { retireOutcome, type RetireSetup } from './outcome.ts';
import type { Presented, WhatIfPresenter } from '../presented.ts';

/** Presents the retire what-if for the given inputs. */
export function presentRetire(setup: RetireSetup, values: WhatIfValues): Presented {
  const outcome = retireOutcome(setup, values.retireSunset ?? setup.default_sunset);
  if (!outcome.valid) return { text: {}, html: {}, problem: outcome.problem };
  const callers = formatNoun(setup.dependents.length, 'consumer');
  const verdict = outcome.raises_alert
    ? `Within ${formatNoun(setup.sunset_soon_days, 'day')} of the sunset while ${callers} still call it: the sunset-with-dependents alert fires.`
    : outcome.meets_policy
      ? `Meets the ${setup.notice_policy_days}-day notice policy.`
      : `Shorter than the ${setup.notice_policy_days}-day notice policy.`;
  return {
    text: {
      sunset: formatDate(outcome.sunset),
      notice: formatNoun(outcome.notice_days, 'day'),
      verdict,
      today: formatFigure('requests_per_day', outcome.refused_today_per_day),
      after: formatFigure('requests_per_day', outcome.refused_after_per_day),
      headers: Object.entries(outcome.headers)
        .map(([name, value]) => `${name}: ${value}`)
        .join('\n'),
    },
    html: {},
  };
}

/** The retire what-if as the island drives it. */
export const retirePresenter: WhatIfPresenter<RetireSetup> = {
  inputs: ['retireSunset'],
  defaults: (setup) => ({ retireSunset: setup.default_sunset }),
  present: presentRetire,
};
