// The change what-if's presentation: failed requests per day now and after a change, the share of
// the estate's daily error budget they use, and who would feel them, per route and per consumer.
import { figureAttrs, formatFigure } from '../../lib/figures.ts';
import { formatCount, formatInteger, formatPct } from '../../lib/format.ts';
import { changeOutcome, type ChangeSetup } from './outcome.ts';
import type { WhatIfValues } from '../params.ts';
import { link, row } from '../html.ts';
import { consumerPath } from '../../lib/console-paths.ts';
import type { Presented, WhatIfPresenter } from '../presented.ts';

/** The inputs before anyone types: no change (today's failure rate, to two decimals, on all traffic). */
function changeDefaults(setup: ChangeSetup): WhatIfValues {
  return { changeErrorPct: Math.round((setup.current_error_pct ?? 0) * 100) / 100, changeRolloutPct: 100 };
}

/** Presents the change what-if for the given inputs. */
export function presentChange(setup: ChangeSetup, values: WhatIfValues): Presented {
  // Without an entered rate, today's exact one (the field shows it rounded): no change means no change.
  const errorPct = values.changeErrorPct ?? setup.current_error_pct ?? 0;
  const outcome = changeOutcome(setup, errorPct, values.changeRolloutPct ?? 100);
  return {
    text: {
      failing: formatPct(outcome.failing_pct, 2),
      today: formatCount(outcome.failed_now_per_day),
      after: formatCount(outcome.failed_after_per_day),
      budget_now: formatPct(outcome.budget_now_pct, 1),
      budget_after: formatPct(outcome.budget_after_pct, 1),
    },
    html: {
      routes: outcome.routes
        .map((r) =>
          row([
            [
              `${link(`/app/api/routes/${r.route_id}`, r.label)}${r.deprecated ? ' (deprecated)' : ''}`,
              { html: true },
            ],
            [r.stage],
            [formatInteger(r.dependents), { num: true }],
            [
              formatFigure('requests_per_day', r.requests_per_day),
              { num: true, attrs: figureAttrs('requests_per_day', { route: r.route_id }) },
            ],
            [formatCount(r.failed_after_per_day), { num: true }],
          ]),
        )
        .join(''),
      consumers: outcome.consumers
        .map((c) =>
          row([
            [link(consumerPath(c.consumer_id), c.name), { html: true }],
            [c.primary_caller_kind],
            [formatInteger(c.routes), { num: true }],
            [
              formatFigure('requests_per_day', c.requests_per_day),
              {
                num: true,
                attrs: figureAttrs('requests_per_day', {
                  function: setup.function_id,
                  consumer: c.consumer_id,
                }),
              },
            ],
            [formatCount(c.failed_after_per_day), { num: true }],
          ]),
        )
        .join(''),
    },
  };
}

/** The change what-if as the island drives it. */
export const changePresenter: WhatIfPresenter<ChangeSetup> = {
  inputs: ['changeErrorPct', 'changeRolloutPct'],
  defaults: changeDefaults,
  present: presentChange,
};
