// The Functions screen and the Overview's cards about functions and latency: the Healthy-functions
// card opens the list on the functions that need attention (as Quota at risk does for consumers);
// every function page states its status by the one rule (v_function_status), what decided it and
// what the status covers, so no function an alert names reads healthy; and the p99 card says that
// edge and origin are separate p99s that do not add up to the total.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workspace } from '../../src/node/db.ts';
import { capitalise } from '../../src/lib/format-labels.ts';
import { browserAvailable, openPage } from '../../harness/browser.ts';
import { useConsole } from './use-console.ts';
import { openTestWorkspace, tablesReady, visibleIds } from './console-helpers.ts';

interface StatusRow {
  function_id: string;
  status: string;
  status_reason: string;
  blast: number;
}

describe.runIf(browserAvailable())('functions and the Overview', () => {
  const session = useConsole();
  let ws: Workspace;
  let statuses: StatusRow[];
  beforeAll(async () => {
    ws = await openTestWorkspace();
    statuses = await ws.query<StatusRow>(
      `select s.function_id, s.status, s.status_reason, b.score as blast
       from v_function_status s join v_blast_score b on b.target_type = 'function' and b.target_id = s.function_id
       order by b.score desc, s.function_id`,
    );
  });
  afterAll(() => ws.close());

  it("opens from the Overview's Healthy-functions card on the functions that need attention", async () => {
    const { server, browser } = session();
    const { page, errors } = await openPage(browser);
    await page.goto(`${server.baseUrl}/app/api`);
    const card = page.locator('.stat', { has: page.locator('dt', { hasText: 'Healthy functions' }) });
    const healthy = Number(await card.locator('.stat__value').textContent());
    await card.locator('a').click();
    await page.waitForURL(/\/app\/api\/functions\?chip=attention$/);
    await tablesReady(page);
    const attention = statuses.filter((s) => s.status !== 'healthy').map((s) => s.function_id);
    expect(attention.length).toBeGreaterThan(0);
    expect(await visibleIds(page)).toEqual(attention);
    expect(healthy).toBe(statuses.length - attention.length);
    expect(await page.locator('button[data-filter-value="attention"]').getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('states on every function page under an alert its status by the rule, why, and what it covers', async () => {
    const { server, browser } = session();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const named = await ws.query<{ target_id: string; severity: string }>(
      `select target_id, severity from v_alerts where target_type = 'function' order by alert_id`,
    );
    expect(named.length).toBeGreaterThan(0);
    const wrong: string[] = [];
    for (const { target_id, severity } of named) {
      const s = statuses.find((r) => r.function_id === target_id);
      await page.goto(`${server.baseUrl}/app/api/functions/${target_id}`);
      const badge = (await page.locator('.page-head__row .badge').first().textContent())?.trim();
      const statement = (await page.locator('[data-function-status]').textContent())?.replace(/\s+/g, ' ');
      if (s?.status === 'healthy' || !badge?.endsWith(capitalise(s?.status ?? '?')))
        wrong.push(`${target_id} under a ${severity} alert reads ${badge}`);
      if (!statement?.includes(s?.status_reason ?? '?') || !statement.includes('The status covers'))
        wrong.push(`${target_id} states ${statement}`);
    }
    expect(wrong).toEqual([]);
    await context.close();
  });

  it('says on the p99 card that edge and origin p99s do not add up to the total', async () => {
    const { server, browser } = session();
    const { page } = await openPage(browser);
    await page.goto(`${server.baseUrl}/app/api`);
    const card = page.locator('.stat', { has: page.locator('dt', { hasText: 'p99 latency' }) });
    const detail = (await card.locator('.stat__detail').textContent())?.replace(/\s+/g, ' ') ?? '';
    expect(detail).toMatch(/not the sum/i);
    await page.close();
  });
});
