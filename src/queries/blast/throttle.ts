// The throttle what-if: predicted 429s of a key or consumer under a proposed rpm budget (the SQL
// macro), and the demand histogram the page embeds to recompute it as a budget is typed.
import type { DemandHistogram, DemandLevel, DemandStream, ThrottleRow } from '../../lib/what-if/throttle.ts';
import type { Workspace } from '../../node/db.ts';
import { runOne, runQuery } from '../sql-file.ts';

/** The throttle what-if's starting point: the current budget and the embeddable histogram. */
export interface ThrottleSetup {
  rpm_budget: number | null;
  histogram: DemandHistogram;
}

/** Throttle what-if: predicted 429s per consumer × key of a key or consumer at `rpm` (the SQL macro). */
export function throttlePreview(targetId: string, rpm: number, db?: Workspace): Promise<ThrottleRow[]> {
  if (!Number.isInteger(rpm) || rpm < 0)
    throw new Error(`throttle: rpm must be a whole number ≥ 0, got ${rpm}`);
  return runQuery<ThrottleRow>('blast', 'throttle', { target_id: targetId, rpm }, db);
}

/** Throttle what-if's headline: predicted 429s per day over every stream at `rpm` (the SQL macro). */
export async function throttleTotal(targetId: string, rpm: number, db?: Workspace): Promise<number> {
  if (!Number.isInteger(rpm) || rpm < 0)
    throw new Error(`throttle: rpm must be a whole number ≥ 0, got ${rpm}`);
  const row = await runOne<{ throttled_per_day: number }>(
    'blast',
    'throttle_total',
    { target_id: targetId, rpm },
    db,
  );
  return row.throttled_per_day;
}

/** The current budget and demand histogram of a key or consumer, to embed in the page. */
export async function throttleSetup(targetId: string, db?: Workspace): Promise<ThrottleSetup> {
  const params = { target_id: targetId };
  const target = await runOne<{ rpm_budget: number | null; days: number }>(
    'blast',
    'throttle_target',
    params,
    db,
  );
  const streams = await runQuery<DemandStream>('blast', 'throttle_streams', params, db);
  const levels = await runQuery<DemandLevel>('blast', 'throttle_levels', params, db);
  return {
    rpm_budget: target.rpm_budget ?? null,
    histogram: { target_id: targetId, days: target.days, streams, levels },
  };
}
