// The retire-a-route what-if in the page: given a proposed sunset date, how much notice the
// route's callers get, whether it meets the notice policy or would raise the sunset-with-dependents
// alert, and the deprecation headers they would receive (src/api/deprecation.ts, the same headers
// the server sends for a deprecated route).
import { deprecationHeaders, type DeprecationHeaders } from '../../api/deprecation.ts';
import { daysBetween } from '../dates.ts';

/** A consumer still calling the route, as the page embeds it (keys by name). */
export interface RetireDependentFacts {
  consumer_id: string;
  name: string;
  primary_caller_kind: string;
  keys: { key_id: string; name: string }[];
  requests_per_day: number;
  agent_share_pct: number;
}

/** Everything the page needs to answer the retire what-if for one route. */
export interface RetireSetup {
  route_id: string;
  as_of: string;
  deprecated: boolean;
  /** The route's own deprecation date, or as_of when it is proposed now. */
  deprecated_at: string;
  /** The sunset the views propose: the route's own, else as_of + the notice policy. */
  default_sunset: string;
  successor_path: string | null;
  info_url: string;
  notice_policy_days: number;
  sunset_soon_days: number;
  dependents: RetireDependentFacts[];
}

/** The retire what-if's answer for one proposed sunset. */
export type RetireOutcome =
  | { valid: false; sunset: string; problem: string }
  | {
      valid: true;
      sunset: string;
      /** Days from the workspace's today to the sunset: how long callers have to move. */
      notice_days: number;
      meets_policy: boolean;
      /** Within the sunset-soon window while callers remain: once deprecated, the alert fires. */
      raises_alert: boolean;
      headers: DeprecationHeaders;
      /** Requests per day the route refuses today (none: it is still served) and after the sunset
       * (every request its remaining callers send, unless they move first). */
      refused_today_per_day: number;
      refused_after_per_day: number;
    };

/** Answers the retire what-if for a sunset on `sunset` (YYYY-MM-DD). */
export function retireOutcome(setup: RetireSetup, sunset: string): RetireOutcome {
  if (daysBetween(setup.as_of, sunset) < 0)
    return { valid: false, sunset, problem: `A sunset cannot be in the past (before ${setup.as_of}).` };
  if (daysBetween(setup.deprecated_at, sunset) < 0)
    return {
      valid: false,
      sunset,
      problem: `A sunset cannot come before the deprecation (${setup.deprecated_at}).`,
    };
  const notice = daysBetween(setup.as_of, sunset);
  return {
    valid: true,
    sunset,
    notice_days: notice,
    meets_policy: notice >= setup.notice_policy_days,
    raises_alert: setup.dependents.length > 0 && notice <= setup.sunset_soon_days,
    headers: deprecationHeaders({
      deprecatedAt: setup.deprecated_at,
      sunsetAt: sunset,
      successor: setup.successor_path,
      infoUrl: setup.info_url,
    }),
    refused_today_per_day: 0,
    refused_after_per_day: setup.dependents.reduce((sum, d) => sum + d.requests_per_day, 0),
  };
}
