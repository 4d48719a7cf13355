// Calendar arithmetic on UTC dates for the what-ifs: whole days between two dates and a date some
// days later, on 'YYYY-MM-DD' (or 'YYYY-MM-DD HH:MM:SS', whose day is what counts).

const dayMs = 86_400_000;

/** The UTC day number of a date or timestamp string (days since 1970-01-01). */
function dayNumber(value: string): number {
  return Math.floor(Date.parse(`${value.slice(0, 10)}T00:00:00Z`) / dayMs);
}

/** Calendar days from `from` to `to` (negative when `to` is earlier), like DuckDB's date_diff('day'). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** The date `days` days after `from`, as YYYY-MM-DD. */
export function addDays(from: string, days: number): string {
  return new Date((dayNumber(from) + days) * dayMs).toISOString().slice(0, 10);
}
