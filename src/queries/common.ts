// Queries every screen shares: the workspace period.
import type { Workspace } from '../lib/db.ts';
import { formatDate } from '../lib/format.ts';
import { runOne } from './sql-file.ts';

/** The workspace period (v_period), dates as YYYY-MM-DD. */
export interface PeriodRow {
  as_of: string;
  period_start: string;
  period_end: string;
  days: number;
}

/** The workspace period. */
export function period(db?: Workspace): Promise<PeriodRow> {
  return runOne<PeriodRow>('common', 'period', {}, db);
}

/** The period as a label for page headers: "30 days, 2 Oct – 31 Oct 2026". */
export function periodLabel(p: PeriodRow): string {
  return `${p.days} days, ${formatDate(p.period_start)} – ${formatDate(p.period_end)}`;
}
