// The throttle what-if's presentation: predicted 429s per day at a proposed budget, and which
// consumers (through which keys, by name) would feel them.
import { formatCount, formatPct } from '../../lib/format.ts';
import type { WhatIfValues } from '../params.ts';
import { predictThrottle, sortThrottleRows, totalThrottledPerDay, type DemandHistogram } from './outcome.ts';
import { link, row } from '../html.ts';
import { consumerPath } from '../../lib/console-paths.ts';
import type { Presented, WhatIfPresenter } from '../presented.ts';

/** What the page embeds for the throttle what-if: the current budget and the demand histogram. */
export interface ThrottlePageSetup {
  rpm_budget: number | null;
  histogram: DemandHistogram;
}

/** Presents the throttle what-if for the given inputs. */
export function presentThrottle(setup: ThrottlePageSetup, values: WhatIfValues): Presented {
  const rpm = values.throttleRpm ?? setup.rpm_budget ?? 0;
  const rows = sortThrottleRows(predictThrottle(setup.histogram, rpm));
  const today = setup.rpm_budget === null ? null : totalThrottledPerDay(setup.histogram, setup.rpm_budget);
  return {
    text: {
      today: today === null ? '—' : formatCount(today),
      after: formatCount(totalThrottledPerDay(setup.histogram, rpm)),
    },
    html: {
      rows: rows
        .map((r) =>
          row([
            [link(consumerPath(r.consumer_id), r.name), { html: true }],
            [link(`/app/api/keys/${r.key_id}`, r.key_name), { html: true }],
            [r.primary_caller_kind],
            [formatCount(r.requests_per_day), { num: true }],
            [formatCount(r.throttled_per_day), { num: true }],
            [r.throttled_pct === null ? '—' : formatPct(r.throttled_pct, 2), { num: true }],
            [formatCount(r.minutes_over_per_day), { num: true }],
          ]),
        )
        .join(''),
    },
  };
}

/** The throttle what-if as the island drives it. */
export const throttlePresenter: WhatIfPresenter<ThrottlePageSetup> = {
  inputs: ['throttleRpm'],
  defaults: (setup) => ({ throttleRpm: setup.rpm_budget ?? 0 }),
  present: presentThrottle,
};
