// The Consumers screen and a page per consumer: the list in the views' order, the Overview's
// Quota-at-risk card opening the list filtered to the consumers at risk, each detail page's figures,
// burn chart, keys and routes as the v_consumer_* views give them, and links to consumers from the
// alerts and the key pages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workspace } from '../../src/node/db.ts';
import type { ChartData } from '../../src/components/charts/chart-data.ts';
import { formatInteger, formatPct } from '../../src/lib/format.ts';
import { browserAvailable, openPage } from '../../harness/browser.ts';
import { useConsole } from './use-console.ts';
import { openTestWorkspace, tablesReady, visibleIds } from './console-helpers.ts';

interface ConsumerView {
  consumer_id: string;
  quota_burn_pct: number;
  is_at_risk: boolean;
  throttled_429: number;
  plan: string;
}

describe.runIf(browserAvailable())('consumers screen', () => {
  const session = useConsole();
  let ws: Workspace;
  let consumers: ConsumerView[];
  beforeAll(async () => {
    ws = await openTestWorkspace();
    consumers = await ws.query<ConsumerView>(
      `select consumer_id, quota_burn_pct, is_at_risk, throttled_429, plan
       from v_consumer_stats order by quota_burn_pct desc nulls last, consumer_id`,
    );
  });
  afterAll(() => ws.close());

  it('lists every consumer without JavaScript, highest quota burn first, with its burn and 429s', async () => {
    const { server, browser } = session();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/app/api/consumers`);
    expect(await visibleIds(page)).toEqual(consumers.map((c) => c.consumer_id));
    const shown = await page.locator('tbody[data-rows] tr[data-id]').evaluateAll((rows) =>
      rows.map((row) => ({
        burn: row.querySelector('[data-quota-burn]')?.textContent?.trim(),
        atRisk: (row.textContent ?? '').includes('At risk'),
        throttled: row.children[3]?.textContent?.trim(),
      })),
    );
    expect(shown).toEqual(
      consumers.map((c) => ({
        burn: formatPct(c.quota_burn_pct, 1),
        atRisk: c.is_at_risk,
        throttled: formatInteger(c.throttled_429),
      })),
    );
    await context.close();
  });

  it("opens from the Overview's Quota-at-risk card filtered to the consumers at risk", async () => {
    const { server, browser } = session();
    const { page, errors } = await openPage(browser);
    await page.goto(`${server.baseUrl}/app/api`);
    const card = page.locator('.stat', { has: page.locator('dt', { hasText: 'Quota at risk' }) });
    const count = Number(await card.locator('.stat__value').textContent());
    await card.locator('a').click();
    await page.waitForURL(/\/app\/api\/consumers\?chip=at-risk$/);
    await tablesReady(page);
    const atRisk = consumers.filter((c) => c.is_at_risk).map((c) => c.consumer_id);
    expect(atRisk.length).toBeGreaterThan(0);
    expect(await visibleIds(page)).toEqual(atRisk);
    expect(count).toBe(atRisk.length);
    expect(await page.locator('button[data-filter-value="at-risk"]').getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it.each([
    ['chip', 'throttled', (c: ConsumerView) => c.throttled_429 > 0],
    ['plan', 'Enterprise', (c: ConsumerView) => c.plan === 'Enterprise'],
  ] as const)('filters by %s=%s in the URL', async (param, value, keep) => {
    const { server, browser } = session();
    const { page } = await openPage(browser);
    await page.goto(`${server.baseUrl}/app/api/consumers?${param}=${value}`);
    await tablesReady(page);
    const expected = consumers.filter(keep).map((c) => c.consumer_id);
    expect(expected.length).toBeGreaterThan(0);
    expect(await visibleIds(page)).toEqual(expected);
    await page.close();
  });

  it("shows each consumer's figures, burn chart, keys and routes as the views give them", async () => {
    const { server, browser } = session();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const wrong: string[] = [];
    for (const c of consumers) {
      const response = await page.goto(`${server.baseUrl}/app/api/consumers/${c.consumer_id}`);
      if (response?.status() !== 200) wrong.push(`${c.consumer_id}: status ${response?.status()}`);
      const burn = (await page.locator('[data-fact="burn"]').textContent())?.trim() ?? '';
      if (!burn.startsWith(formatPct(c.quota_burn_pct, 1))) wrong.push(`${c.consumer_id} burn ${burn}`);
      const throttled = (await page.locator('[data-fact="throttled"]').textContent())?.trim() ?? '';
      if (!throttled.startsWith(formatInteger(c.throttled_429)))
        wrong.push(`${c.consumer_id} 429s ${throttled}`);
      const chart = JSON.parse(
        (await page.locator('canvas[data-chart]').first().getAttribute('data-chart')) ?? '{}',
      ) as ChartData;
      const days = await ws.query<{ burn: number; line: number }>(
        'select cumulative_burn_pct as burn, threshold_pct as line from v_consumer_burn_daily where consumer_id = $id order by day',
        { id: c.consumer_id },
      );
      expect(chart.series[0]?.values).toEqual(days.map((d) => d.burn));
      expect(chart.series[2]?.values).toEqual(days.map((d) => d.line));
      const keys = await ws.query<{ key_id: string }>(
        'select key_id from v_consumer_keys where consumer_id = $id order by blast_score desc, key_id',
        { id: c.consumer_id },
      );
      const shownKeys = await page
        .locator('tr[data-key-id]')
        .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.keyId));
      if (JSON.stringify(shownKeys) !== JSON.stringify(keys.map((k) => k.key_id)))
        wrong.push(`${c.consumer_id} keys ${shownKeys.join(',')}`);
      const routes = await ws.query<{ route_id: string }>(
        'select route_id from v_consumer_routes where consumer_id = $id order by requests_per_day desc, route_id',
        { id: c.consumer_id },
      );
      const shownRoutes = await page
        .locator('tr[data-route-id]')
        .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).dataset.routeId));
      if (JSON.stringify(shownRoutes) !== JSON.stringify(routes.map((r) => r.route_id)))
        wrong.push(`${c.consumer_id} routes ${shownRoutes.join(',')}`);
    }
    expect(wrong).toEqual([]);
    await context.close();
  });

  it('answers 404 for a consumer the workspace lacks', async () => {
    const { server } = session();
    const response = await fetch(`${server.baseUrl}/app/api/consumers/con_nobody`);
    expect(response.status).toBe(404);
  });

  it("links the consumers an alert names and a key's dependents to their pages", async () => {
    const { server, browser } = session();
    const { page } = await openPage(browser);
    await page.goto(`${server.baseUrl}/app/api`);
    const [storm] = await ws.query<{ target_href: string; key_id: string; name: string }>(
      `select a.target_href, k.key_id, c.name from v_alerts a
       join v_consumer_stats c on c.consumer_id = a.target_id join v_consumer_keys k on k.consumer_id = a.target_id
       where a.kind = 'throttle_storm' order by k.throttled_429 desc limit 1`,
    );
    expect(storm?.target_href).toMatch(/^\/app\/api\/consumers\/con_/);
    const link = page.locator('.alert', { hasText: 'Throttle storm' }).locator('a[data-target-link]');
    expect(await link.getAttribute('href')).toBe(storm?.target_href);
    await link.click();
    await page.waitForURL((url) => url.pathname === storm?.target_href);
    expect(await page.locator('h1').textContent()).toBe(storm?.name);
    await page.goto(`${server.baseUrl}/app/api/keys/${storm?.key_id}`);
    const dependents = await page
      .locator('section[aria-labelledby="dependents"] tbody th a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    const expected = await ws.query<{ href: string }>(
      'select consumer_href as href from v_key_dependents where key_id = $id',
      { id: storm?.key_id ?? '' },
    );
    expect(dependents.sort()).toEqual(expected.map((e) => e.href).sort());
    await page.close();
  });
});
