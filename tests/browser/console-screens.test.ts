// Every console screen and a detail page of each kind: loads, no console error, no serious or
// critical axe-core violation (light, dark, 1440 px and 360 px), and headline figures equal views.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workspace } from '../../src/lib/db.ts';
import { formatInteger } from '../../src/lib/format.ts';
import { browserAvailable, openPage, useConsole } from './harness.ts';
import { openTestWorkspace, seriousViolations } from './console-helpers.ts';

describe.runIf(browserAvailable())('console screens', () => {
  const session = useConsole();
  let ws: Workspace;
  const pages: [string, string][] = [
    ['Overview', '/app/api'],
    ['Keys', '/app/api/keys'],
    ['Routes', '/app/api/routes'],
    ['Functions', '/app/api/functions'],
  ];
  beforeAll(async () => {
    ws = await openTestWorkspace();
    const [key] = await ws.query<{ id: string }>(
      'select key_id as id from v_key_stats order by key_id limit 1',
    );
    const [route] = await ws.query<{ id: string }>(
      'select route_id as id from v_route_stats order by requests_per_day desc limit 1',
    );
    const [fn] = await ws.query<{ id: string }>(
      'select function_id as id from v_function_stats order by function_id limit 1',
    );
    pages.push(['Key detail', `/app/api/keys/${key?.id}`]);
    pages.push(['Route detail', `/app/api/routes/${route?.id}`]);
    pages.push(['Function detail', `/app/api/functions/${fn?.id}`]);
  });
  afterAll(() => ws.close());

  it('serves every screen with no console error and no serious or critical axe violation', async () => {
    const { server, browser } = session();
    const problems: string[] = [];
    for (const [name, path] of pages) {
      for (const [width, scheme] of [
        [1440, 'light'],
        [360, 'dark'],
      ] as const) {
        const { page, errors } = await openPage(browser, { width, height: 900 });
        await page.emulateMedia({ colorScheme: scheme });
        const response = await page.goto(`${server.baseUrl}${path}`);
        if (response?.status() !== 200) problems.push(`${name}: status ${response?.status()}`);
        for (const v of await seriousViolations(page))
          problems.push(`${name} ${width}px ${scheme}: ${v.id} ${v.targets.join(', ')}`);
        for (const error of errors) problems.push(`${name}: console error ${error}`);
        await page.close();
      }
    }
    expect(problems).toEqual([]);
  });

  it('keeps wide tables scrolling inside their container at 360 px, never the page', async () => {
    const { server, browser } = session();
    const { page } = await openPage(browser, { width: 360, height: 800 });
    const overflowing: string[] = [];
    for (const [name, path] of pages) {
      await page.goto(`${server.baseUrl}${path}`);
      if (await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth))
        overflowing.push(name);
    }
    await page.goto(`${server.baseUrl}/app/api/routes`);
    const tableScrolls = await page
      .locator('.table-scroll')
      .first()
      .evaluate((el) => el.scrollWidth > el.clientWidth);
    expect({ overflowing, tableScrolls }).toEqual({ overflowing: [], tableScrolls: true });
    await page.close();
  });

  it('redraws charts when the system switches between light and dark', async () => {
    const { server, browser } = session();
    const { page, errors } = await openPage(browser);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`${server.baseUrl}/app/api`);
    const pixels = () =>
      page
        .locator('canvas[data-chart]')
        .first()
        .evaluate((c) => (c as HTMLCanvasElement).toDataURL());
    const light = await pixels();
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(pixels).not.toBe(light);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the Overview figures of v_overview and links the Try-it page', async () => {
    const { server, browser } = session();
    const [o] = await ws.query<{ active_keys: number; healthy_functions: number; quota_at_risk: number }>(
      'select active_keys, healthy_functions, quota_at_risk from v_overview',
    );
    const { page } = await openPage(browser);
    await page.goto(`${server.baseUrl}/app/api`);
    const card = (label: string) =>
      page.locator('.stat', { has: page.locator('dt', { hasText: label }) }).locator('.stat__value');
    expect(await card('Active keys').textContent()).toBe(formatInteger(o?.active_keys ?? -1));
    expect(await card('Healthy functions').textContent()).toBe(formatInteger(o?.healthy_functions ?? -1));
    expect(await card('Quota at risk').textContent()).toBe(formatInteger(o?.quota_at_risk ?? -1));
    expect(await page.locator('main a[href="/app/api/try"]').count()).toBeGreaterThan(0);
    await page.close();
  });

  it('lists the blast board and every alert, each linking to its target', async () => {
    const { server, browser } = session();
    const board = await ws.query<{ href: string }>(
      'select what_if_href as href from v_blast_board order by rank',
    );
    const alerts = await ws.query<{ href: string }>('select href from v_alerts');
    const { page } = await openPage(browser);
    await page.goto(`${server.baseUrl}/app/api`);
    const boardLinks = await page
      .locator('.board a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(boardLinks).toEqual(board.map((b) => b.href));
    const alertLinks = await page
      .locator('.alerts a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(alertLinks.sort()).toEqual(alerts.map((a) => a.href).sort());
    const target = board[0]?.href ?? '';
    const response = await page.goto(`${server.baseUrl}${target}`);
    expect(response?.status()).toBe(200);
    await page.close();
  });
});
