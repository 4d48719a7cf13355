// The budget view: the Overview's Availability card opens it; its chart, burn-rate rules, burn
// alerts (window, burn rate, who burned each) and the period's burners are the error-budget views'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workspace } from '../../src/node/db.ts';
import type { ChartData } from '../../src/components/charts/chart-data.ts';
import { formatBurnRate, formatPct, formatWindow } from '../../src/lib/format.ts';
import { budgetTop } from '../../src/queries/budget.ts';
import { browserAvailable, openPage } from '../../harness/browser.ts';
import { useConsole } from './use-console.ts';
import { openTestWorkspace } from './console-helpers.ts';

describe.runIf(browserAvailable())('budget view', () => {
  const session = useConsole();
  let ws: Workspace;
  beforeAll(async () => {
    ws = await openTestWorkspace();
  });
  afterAll(() => ws.close());

  it("opens from the Overview's Availability card and charts the budget spent day by day", async () => {
    const { server, browser } = session();
    const { page, errors } = await openPage(browser);
    await page.goto(`${server.baseUrl}/app/api`);
    const card = page.locator('.stat', { has: page.locator('dt', { hasText: 'Availability' }) });
    await card.locator('a').click();
    await page.waitForURL((url) => url.pathname === '/app/api/budget');
    const chart = JSON.parse(
      (await page.locator('canvas[data-chart]').getAttribute('data-chart')) ?? '{}',
    ) as ChartData;
    const days = await ws.query<{ cumulative: number; daily: number }>(
      'select cumulative_spent_pct as cumulative, budget_spent_pct as daily from v_budget_burn_daily order by day',
    );
    expect(chart.series[0]?.values).toEqual(days.map((d) => d.cumulative));
    expect(chart.series[1]?.values).toEqual(days.map((d) => d.daily));
    const [a] = await ws.query<{ spent: number }>('select budget_spent_pct as spent from v_availability');
    const spent = page.locator('.stat', { has: page.locator('dt', { hasText: 'Error budget spent' }) });
    expect(await spent.locator('.stat__value').textContent()).toBe(formatPct(a?.spent ?? -1, 1));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows every burn alert with its rule, window and peak burn rate, and the top burners of each', async () => {
    const { server, browser } = session();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/app/api/budget`);
    const alerts = await ws.query<{ alert_id: string; peak: number; minutes: number; spent: number }>(
      `select alert_id, peak_burn_rate as peak, long_window_minutes::INTEGER as minutes, budget_spent_pct as spent
       from v_alert_budget_burn order by alert_id`,
    );
    expect(alerts.length).toBeGreaterThan(0);
    const shown = await page
      .locator('[data-alert-id]')
      .evaluateAll((articles) => articles.map((a) => (a as HTMLElement).dataset.alertId ?? ''));
    expect(shown.sort()).toEqual(alerts.map((a) => a.alert_id));
    for (const alert of alerts) {
      const article = page.locator(`[data-alert-id="${alert.alert_id}"]`);
      expect(await article.locator('[data-burn-rate]').textContent()).toBe(formatBurnRate(alert.peak));
      expect(await article.locator('[data-window]').textContent()).toBe(formatWindow(alert.minutes));
      expect(await article.locator('[data-budget-spent]').textContent()).toBe(formatPct(alert.spent, 2));
      for (const dimension of ['route', 'function', 'consumer']) {
        const expected = await ws.query<{ target_id: string; share: number }>(
          `select target_id, share_pct as share from v_alert_budget_burn_attribution
           where alert_id = $id and dimension = $dimension and rank <= $top order by rank`,
          { id: alert.alert_id, dimension, top: budgetTop },
        );
        const rows = await article
          .locator(`table[data-dimension="${dimension}"] tbody tr[data-target-id]`)
          .evaluateAll((trs) =>
            trs.map((tr) => ({
              target_id: (tr as HTMLElement).dataset.targetId,
              share: tr.querySelector('[data-share]')?.textContent?.trim(),
            })),
          );
        expect(rows).toEqual(expected.map((e) => ({ target_id: e.target_id, share: formatPct(e.share, 1) })));
      }
    }
    await context.close();
  });

  it("labels each burn alert's measuring window and firing time the same way on the Overview and here", async () => {
    const { server, browser } = session();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const alerts = await ws.query<{ alert_id: string; span: string; started: string; ended: string }>(
      `select alert_id, strftime(span_start, '%Y-%m-%d %H:%M') as span,
         strftime(started_at, '%Y-%m-%d %H:%M') as started, strftime(ended_at, '%Y-%m-%d %H:%M') as ended
       from v_alert_budget_burn order by alert_id`,
    );
    expect(alerts.length).toBeGreaterThan(0);
    // "2026-10-29 13:15 to 15:15 UTC"; the end's date only when it is another day
    const span = (from: string, to: string) =>
      `${from} to ${from.slice(0, 10) === to.slice(0, 10) ? to.slice(11) : to} UTC`;
    const texts = async (url: string, selector: (id: string) => string) => {
      await page.goto(url);
      return Promise.all(
        alerts.map(async (a) =>
          ((await page.locator(selector(a.alert_id)).textContent()) ?? '').replace(/\s+/g, ' '),
        ),
      );
    };
    const overview = await texts(`${server.baseUrl}/app/api`, (id) => `li[data-alert-id="${id}"]`);
    const budget = await texts(`${server.baseUrl}/app/api/budget`, (id) => `article[data-alert-id="${id}"]`);
    alerts.forEach((a, i) => {
      const measured = `measured ${span(a.span, a.ended)}`.toLowerCase();
      const fired = `fired ${span(a.started, a.ended)}`.toLowerCase();
      for (const text of [overview[i], budget[i]]) {
        expect(text?.toLowerCase()).toContain(measured);
        expect(text?.toLowerCase()).toContain(fired);
      }
    });
    await context.close();
  });

  it("names the period's top burners of each dimension, and all others, whose shares add up to 100%", async () => {
    const { server, browser } = session();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/app/api/budget`);
    const burners = page.locator('section[aria-labelledby="burners"]');
    for (const dimension of ['route', 'function', 'consumer']) {
      const view = await ws.query<{ target_id: string; share: number; rank: number }>(
        `select target_id, share_pct as share, rank::INTEGER as rank from v_budget_burn_attribution
         where dimension = $dimension order by rank`,
        { dimension },
      );
      const top = view.filter((v) => v.rank <= budgetTop);
      const others = view.filter((v) => v.rank > budgetTop).reduce((sum, v) => sum + v.share, 0);
      const rows = await burners
        .locator(`table[data-dimension="${dimension}"] tbody tr[data-target-id]`)
        .evaluateAll((trs) =>
          trs.map((tr) => ({
            target_id: (tr as HTMLElement).dataset.targetId,
            share: tr.querySelector('[data-share]')?.textContent?.trim(),
          })),
        );
      expect(rows).toEqual([
        ...top.map((t) => ({ target_id: t.target_id, share: formatPct(t.share, 1) })),
        ...(view.length > budgetTop ? [{ target_id: 'others', share: formatPct(others, 1) }] : []),
      ]);
      expect(view.reduce((sum, v) => sum + v.share, 0)).toBeCloseTo(100, 6);
    }
    await context.close();
  });
});
