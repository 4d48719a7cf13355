// The throttle what-if in the page: the same formula as the SQL macro preview_throttle
// (simulator/sql/views/309_preview_throttle.sql), over a per-key demand histogram embedded as
// JSON, so a static deployment answers "what if this budget were N rpm?" without a database.
// A minute with demand d over the budget refuses d − rpm requests with 429; per day = total ÷ days.
// Sums are of whole requests (exact in a double), then one division, so the page and SQL agree to
// the last bit; nothing is rounded here: the page rounds once, when it formats.

/** Minutes (summed over the period's days) in which a consumer sent exactly this demand through a key. */
export interface DemandLevel {
  consumer_id: string;
  key_id: string;
  requests_per_minute: number;
  minutes: number;
}

/** A consumer × key stream the budget applies to: the consumer's name and the key's. */
export interface DemandStream {
  consumer_id: string;
  key_id: string;
  name: string;
  key_name: string;
  primary_caller_kind: string;
}

/** Everything the page needs to replay a target's demand: its streams, their levels, the days. */
export interface DemandHistogram {
  target_id: string;
  days: number;
  streams: DemandStream[];
  levels: DemandLevel[];
}

/** One consumer × key's predicted outcome under a budget (the columns of preview_throttle). */
export interface ThrottleRow extends DemandStream {
  requests_per_day: number;
  throttled_per_day: number;
  minutes_over_per_day: number;
  throttled_pct: number | null;
}

/** Replays the histogram against `rpm`: one row per stream, in the histogram's stream order. */
export function predictThrottle(histogram: DemandHistogram, rpm: number): ThrottleRow[] {
  return histogram.streams.map((stream) => {
    let requests = 0;
    let throttled = 0;
    let minutesOver = 0;
    for (const level of histogram.levels) {
      if (level.consumer_id !== stream.consumer_id || level.key_id !== stream.key_id) continue;
      requests += level.requests_per_minute * level.minutes;
      if (level.requests_per_minute > rpm) {
        throttled += (level.requests_per_minute - rpm) * level.minutes;
        minutesOver += level.minutes;
      }
    }
    return {
      ...stream,
      requests_per_day: requests / histogram.days,
      throttled_per_day: throttled / histogram.days,
      minutes_over_per_day: minutesOver / histogram.days,
      throttled_pct: requests > 0 ? (100 * throttled) / requests : null,
    };
  });
}

/** The total predicted 429s per day over every stream. */
export function totalThrottledPerDay(histogram: DemandHistogram, rpm: number): number {
  let throttled = 0;
  for (const level of histogram.levels) {
    if (level.requests_per_minute > rpm) throttled += (level.requests_per_minute - rpm) * level.minutes;
  }
  return throttled / histogram.days;
}

/** Byte order of two ids, like SQL's default collation. */
function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Orders rows as the SQL query does: most 429s first, then busiest, then consumer and key. */
export function sortThrottleRows(rows: ThrottleRow[]): ThrottleRow[] {
  return [...rows].sort(
    (a, b) =>
      b.throttled_per_day - a.throttled_per_day ||
      b.requests_per_day - a.requests_per_day ||
      compareIds(a.consumer_id, b.consumer_id) ||
      compareIds(a.key_id, b.key_id),
  );
}
