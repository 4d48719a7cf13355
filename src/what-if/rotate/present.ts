// The rotate what-if's presentation: the overlap a key can give for a proposed window, when the
// old material stops, and what each consumer must do before then.
import { figureAttrs, formatFigure } from '../../lib/figures.ts';
import { formatDate, formatInteger, formatNoun } from '../../lib/format.ts';
import type { WhatIfValues } from '../params.ts';
import { rotateOutcome, type RotateSetup, type SwitchPlan } from './outcome.ts';
import { link, row } from '../html.ts';
import { consumerPath } from '../../lib/console-paths.ts';
import type { Presented, WhatIfPresenter } from '../presented.ts';

const plans: Record<SwitchPlan, string> = {
  falls_back: 'falls back on its other key',
  switch_in_window: 'must switch before the cutover',
  breaks_at_cutover: 'breaks at the cutover',
};

/** The window in words: how long, until when, and why it is shorter than proposed. */
function windowText(setup: RotateSetup, outcome: ReturnType<typeof rotateOutcome>): string {
  if (setup.status === 'revoked' || setup.status === 'rotated') return `none: the key is ${setup.status}`;
  const until = formatDate(outcome.cutover);
  const why = outcome.cut_short_by_expiry ? `, cut short by the key's expiry` : '';
  if (outcome.overlap_days === 0) return `none${why}: the old material stops at once`;
  const length = formatNoun(outcome.overlap_days, 'day');
  return outcome.usable
    ? `${length}${why}: old and new material both work until ${until}`
    : `${length}${why}: too short to switch (under ${formatNoun(setup.min_overlap_days, 'day')})`;
}

/** Presents the rotate what-if for the given inputs. */
export function presentRotate(setup: RotateSetup, values: WhatIfValues): Presented {
  const outcome = rotateOutcome(setup, values.rotateOverlapDays ?? setup.policy_overlap_days);
  return {
    text: {
      window: windowText(setup, outcome),
      cutover: formatDate(outcome.cutover),
      must_switch: `${formatInteger(outcome.must_switch)} of ${formatNoun(outcome.consumers.length, 'consumer')}`,
      today: formatFigure('requests_per_day', outcome.refused_today_per_day),
      after: formatFigure('requests_per_day', outcome.requests_at_risk_per_day),
    },
    html: {
      consumers: outcome.consumers
        .map((c) =>
          row([
            [link(consumerPath(c.consumer_id), c.name), { html: true }],
            [c.primary_caller_kind],
            [
              formatFigure('requests_per_day', c.requests_per_day),
              {
                num: true,
                attrs: figureAttrs('requests_per_day', { key: setup.key_id, consumer: c.consumer_id }),
              },
            ],
            [formatInteger(c.routes), { num: true }],
            [c.other_active_keys > 0 ? `yes (${c.other_active_keys})` : 'no'],
            [plans[c.plan]],
          ]),
        )
        .join(''),
    },
  };
}

/** The rotate what-if as the island drives it. */
export const rotatePresenter: WhatIfPresenter<RotateSetup> = {
  inputs: ['rotateOverlapDays'],
  defaults: (setup) => ({ rotateOverlapDays: setup.policy_overlap_days }),
  present: presentRotate,
};
