// Where each alert's link lands: the what-if that answers it, already filled in (a throttle storm
// opens its key's throttle preview at the budget that would end its 429s, …).
import { whatIfHref, whatIfAnchors, type WhatIfValues } from './params.ts';

/** The link of an alert: its what-if's page (`href` without its fragment) at the preview that
 * answers it (v_alerts.what_if_kind: rotate, throttle, retire or change), filled in; an alert no
 * preview answers keeps its `href`. */
export function alertWhatIfHref(whatIfKind: string | null, href: string, values: WhatIfValues): string {
  if (whatIfKind === null || !Object.hasOwn(whatIfAnchors, whatIfKind)) return href;
  return whatIfHref(href.replace(/#.*$/, ''), whatIfKind as keyof typeof whatIfAnchors, values);
}
