// Each Overview alert opens the what-if that answers it, filled in from the alert itself, on the
// alerts fixture's planted stories (tests/simulator/views/blast/alerts-fixture.ts).
import { describe, expect, it } from 'vitest';
import type { Workspace } from '../../src/node/db.ts';
import { alerts } from '../../src/queries/overview.ts';
import { useFixture, type FixtureValue } from '../helpers/fixture-db.ts';
import { alertsFixture } from '../simulator/views/blast/alerts-fixture.ts';

const fixture = useFixture(() => alertsFixture(true));
const ws = (): Workspace => {
  const db = fixture();
  return {
    query: (sql, params) => db.query(sql, params as Record<string, FixtureValue> | undefined),
    close: () => {},
  };
};

describe('alert links', () => {
  it('opens the retire what-if of a sunset alert at the date its next step names', async () => {
    const sunset = (await alerts(ws())).find((a) => a.kind === 'sunset_with_dependents');
    // rt_old sunsets on 2026-11-11; the next step says "… before 2026-11-11."
    expect(sunset?.next_step).toMatch(/before 2026-11-11\.$/);
    expect(sunset?.what_if_href).toBe('/app/api/routes/rt_old?retire_sunset=2026-11-11#what-if-retire');
  });

  it('opens, for every alert that names a date to act before, its what-if at that date', async () => {
    for (const alert of await alerts(ws())) {
      const date = /before (\d{4}-\d{2}-\d{2})\.$/.exec(alert.next_step)?.[1];
      if (date === undefined || alert.what_if_href.includes('#what-if-retire') === false) continue;
      expect([
        alert.alert_id,
        new URL(alert.what_if_href, 'http://x').searchParams.get('retire_sunset'),
      ]).toEqual([alert.alert_id, date]);
    }
  });
});
