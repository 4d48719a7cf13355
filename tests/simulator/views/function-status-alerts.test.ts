// A function's status on the default workspace: one rule, the worse of its own figures over the
// period and the alerts that name it, so no alert contradicts it. Checked over every alert and every
// function, against a held-out computation from the raw facts (function_daily) and v_alerts, on the
// view, on the rows the console's pages read, and on the Overview's count.
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../simulator/config.ts';
import { functionRows } from '../../../src/queries/functions.ts';
import { useSimulated } from '../simulated.ts';

const db = useSimulated(defaultConfig);

const rank = { healthy: 0, degraded: 1, erroring: 2 } as const;
type Status = keyof typeof rank;
const byRank: Status[] = ['healthy', 'degraded', 'erroring'];
/** The status an alert's severity sets at least: a warning degrades, a critical alert is erroring. */
const alertFloor = (severity: string): Status => (severity === 'critical' ? 'erroring' : 'degraded');

interface Facts {
  function_id: string;
  invocations: number;
  errors: number;
  cold_starts: number;
  worst_p99: number | null;
}

/** The documented figure rule (docs/decisions.md), written again from the raw daily facts. */
async function expectedStatuses(): Promise<Map<string, Status>> {
  const [c] = await db().query<Record<string, number>>(
    `select function_error_pct, degraded_error_pct, degraded_p99_ms, busy_invocations_per_day,
       (select cold_heavy_pct from thresholds) as cold_heavy_pct, (select days from v_period) as days
     from v_blast_constants`,
  );
  const facts = await db().query<Facts>(
    `select f.function_id, coalesce(sum(d.invocations), 0)::DOUBLE as invocations,
       coalesce(sum(d.errors), 0)::DOUBLE as errors, coalesce(sum(d.cold_starts), 0)::DOUBLE as cold_starts,
       max(d.p99_ms)::DOUBLE as worst_p99
     from functions f left join function_daily d using (function_id) group by all`,
  );
  const alerts = await db().query<{ target_id: string; severity: string }>(
    `select target_id, severity from v_alerts where target_type = 'function'`,
  );
  if (!c) throw new Error('no constants');
  const status = new Map<string, Status>();
  for (const f of facts) {
    const errorPct = f.invocations > 0 ? (100 * f.errors) / f.invocations : 0;
    const coldPct = f.invocations > 0 ? (100 * f.cold_starts) / f.invocations : 0;
    const busy = f.invocations / (c.days ?? 1) >= (c.busy_invocations_per_day ?? Infinity);
    let s: Status = 'healthy';
    if (errorPct >= (c.function_error_pct ?? Infinity)) s = 'erroring';
    else if (
      errorPct >= (c.degraded_error_pct ?? Infinity) ||
      (f.worst_p99 ?? 0) >= (c.degraded_p99_ms ?? Infinity) ||
      (busy && coldPct >= (c.cold_heavy_pct ?? Infinity))
    )
      s = 'degraded';
    status.set(f.function_id, s);
  }
  for (const a of alerts) {
    const floor = alertFloor(a.severity);
    const now = status.get(a.target_id) ?? 'healthy';
    status.set(a.target_id, byRank[Math.max(rank[now], rank[floor])] ?? now);
  }
  return status;
}

describe('function status on the default workspace', () => {
  it('is never milder than an alert that names the function: none healthy under an alert', async () => {
    const named = await db().query<{ alert_id: string; severity: string; name: string; status: Status }>(
      `select a.alert_id, a.severity, s.name, s.status
       from v_alerts a join v_function_status s on s.function_id = a.target_id
       where a.target_type = 'function' order by a.alert_id`,
    );
    expect(named.map((r) => r.alert_id)).toContainEqual(expect.stringMatching(/^error_budget_burn:fast:/));
    const milder = named.filter((r) => rank[r.status] < rank[alertFloor(r.severity)]);
    expect(milder).toEqual([]);
  });

  it('is the worse of the figure rule and the alerts, for every function', async () => {
    const expected = await expectedStatuses();
    const shown = await db().query<{ function_id: string; status: Status }>(
      'select function_id, status from v_function_status order by function_id',
    );
    expect(shown.length).toBe(expected.size);
    expect(Object.fromEntries(shown.map((r) => [r.function_id, r.status]))).toEqual(
      Object.fromEntries(expected),
    );
  });

  it('is the status the console pages show, each with the sentence that decides it', async () => {
    const shown = await db().query<{ function_id: string; status: Status; status_reason: string }>(
      'select function_id, status, status_reason from v_function_status',
    );
    const rows = await functionRows(db());
    expect(Object.fromEntries(rows.map((r) => [r.function_id, [r.status, r.status_reason]]))).toEqual(
      Object.fromEntries(shown.map((r) => [r.function_id, [r.status, r.status_reason]])),
    );
  });

  it('is what the Overview counts as healthy', async () => {
    const expected = await expectedStatuses();
    const healthy = [...expected.values()].filter((s) => s === 'healthy').length;
    const [o] = await db().query<{ healthy_functions: number; functions_total: number }>(
      'select healthy_functions, functions_total from v_overview',
    );
    expect(o).toEqual({ healthy_functions: healthy, functions_total: expected.size });
  });
});
