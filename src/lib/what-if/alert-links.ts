// Where each alert's link lands: the what-if on its target's page that answers it, already filled
// in (a throttle storm opens the throttle preview at the budget that would end its 429s, …).
import { whatIfHref, whatIfAnchors, type WhatIfValues } from './params.ts';

/** The preview that answers each kind of alert. */
const answeredBy: Record<string, keyof typeof whatIfAnchors> = {
  throttle_storm: 'throttle',
  rotation_lag: 'rotate',
  sunset_with_dependents: 'retire',
  function_errors: 'change',
  p99_drift_cold_starts: 'change',
};

/** The link of an alert: its target's page (`href` without its fragment) at the answering what-if. */
export function alertWhatIfHref(kind: string, href: string, values: WhatIfValues): string {
  if (!Object.hasOwn(answeredBy, kind)) return href;
  return whatIfHref(href.replace(/#.*$/, ''), answeredBy[kind] as keyof typeof whatIfAnchors, values);
}
