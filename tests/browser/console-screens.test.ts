// Every console screen and a detail page of each kind: loads, no console error, no axe-core
// violation of any impact (light and dark, 1440 px and 390 px), and headline figures equal views.
// The dark scheme changes colours only (checked on every page), so its variants run axe's colour
// rules: every other rule has the same DOM and layout to judge as in the light variant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workspace } from '../../src/node/db.ts';
import { formatInteger } from '../../src/lib/format.ts';
import { browserAvailable, openPage, type WatchedPage } from '../../harness/browser.ts';
import { useConsole } from './use-console.ts';
import { axeViolations, openTestWorkspace, whatIfPages } from './console-helpers.ts';
import { axeColourRules, darkSchemeChanges } from './colour-scheme.ts';
import { livePages } from './live-helpers.ts';

describe.runIf(browserAvailable())('console screens', () => {
  const session = useConsole();
  let ws: Workspace;
  let colourRules: string[];
  const pages: [string, string][] = [
    ['Overview', '/app/api'],
    ['Keys', '/app/api/keys'],
    ['Routes', '/app/api/routes'],
    ['Functions', '/app/api/functions'],
    ['Consumers', '/app/api/consumers'],
    ['Error budget', '/app/api/budget'],
    ['Try it', '/app/api/try'],
  ];
  beforeAll(async () => {
    ws = await openTestWorkspace();
    colourRules = await axeColourRules(session().browser);
    const detail = await whatIfPages(ws);
    pages.push(
      ['Key detail', detail.key],
      ['Route detail', detail.route],
      ['Function detail', detail.fn],
      ['Consumer detail', detail.consumer],
    );
    const live = await livePages(session().server);
    pages.push(
      ['Request log', live.log],
      ['Request detail', live.request],
      ['Issued key detail', live.issuedKey],
    );
  });
  // One page per variant, each screen loaded in turn: a fresh page costs Chromium a renderer start
  // (about 1.8 s of CPU), and every screen is a full navigation (a new document) anyway.
  const variants = [1440, 390].flatMap((width) =>
    (['light', 'dark'] as const).map((scheme) => ({ width, scheme })),
  );
  let variantPages: WatchedPage[] = [];
  beforeAll(async () => {
    variantPages = await Promise.all(
      variants.map(async ({ width, scheme }) => {
        const watched = await openPage(session().browser, { width, height: 900 });
        await watched.page.emulateMedia({ colorScheme: scheme });
        return watched;
      }),
    );
  });
  afterAll(async () => {
    await Promise.all(variantPages.map(({ page }) => page.close()));
    ws.close();
  });

  it.each([
    'Overview',
    'Keys',
    'Routes',
    'Functions',
    'Consumers',
    'Error budget',
    'Try it',
    'Key detail',
    'Route detail',
    'Function detail',
    'Consumer detail',
    'Request log',
    'Request detail',
    'Issued key detail',
  ])(
    'serves the %s page with no console error and no axe violation, light and dark (colours)',
    async (name) => {
      const { server } = session();
      const path = new Map(pages).get(name);
      // the four variants load side by side: Chromium renders them on both cores while axe runs
      const found = await Promise.all(
        variants.map(async ({ width, scheme }, i) => {
          const problems: string[] = [];
          const { page, errors } = variantPages[i] as WatchedPage;
          errors.length = 0;
          const response = await page.goto(`${server.baseUrl}${path}`, { waitUntil: 'networkidle' });
          if (response?.status() !== 200) problems.push(`${width}px ${scheme}: status ${response?.status()}`);
          const dark = scheme === 'dark';
          for (const v of await axeViolations(page, dark ? colourRules : undefined))
            problems.push(`${width}px ${scheme}: ${v.id} (${v.impact}) ${v.targets.join(', ')}`);
          if (!dark)
            for (const change of await darkSchemeChanges(page)) problems.push(`${width}px: ${change}`);
          for (const error of errors) problems.push(`${width}px ${scheme}: console error ${error}`);
          return problems;
        }),
      );
      const problems = found.flat();
      expect(problems).toEqual([]);
    },
  );

  it('knows which axe rules judge colours: the ones the dark variants run', () => {
    expect(colourRules).toContain('color-contrast');
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
    // The assistant share counts sampled requests, and says so (issue 18: not "callers").
    const assistant = page.locator('.stat', { has: page.locator('dt', { hasText: 'Assistant share' }) });
    expect(await assistant.locator('.stat__detail').textContent()).toMatch(/sampled requests/);
    expect(await page.locator('main').textContent()).not.toMatch(/sampled callers/i);
    await page.close();
  });

  it('lists the blast board and every alert, each linking to its target', async () => {
    const { server, browser } = session();
    const board = await ws.query<{ href: string }>(
      'select what_if_href as href from v_blast_board order by rank',
    );
    const alerts = await ws.query<{ href: string; target_href: string }>(
      'select href, target_href from v_alerts',
    );
    const { page } = await openPage(browser);
    await page.goto(`${server.baseUrl}/app/api`);
    const boardLinks = await page
      .locator('.board a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(boardLinks).toEqual(board.map((b) => b.href));
    // each alert names its target, linking to the target's own page (a throttle storm's consumer),
    // and its next step opens the what-if that answers it
    const links = (selector: string) =>
      page.locator(selector).evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
    const targetLinks = (await links('.alerts a[data-target-link]')).map((href) => new URL(href).pathname);
    expect(targetLinks.sort()).toEqual(alerts.map((a) => a.target_href).sort());
    const alertLinks = (await links('.alerts a[data-what-if-link]')).map((href) => new URL(href));
    const pathOf = (href: string) => href.replace(/[?#].*$/, '');
    expect(alertLinks.map((u) => u.pathname).sort()).toEqual(alerts.map((a) => pathOf(a.href)).sort());
    for (const link of alertLinks) expect(link.hash).toMatch(/^#what-if-(rotate|throttle|retire|change)$/);
    expect(await page.locator('.alerts a').count()).toBe(targetLinks.length + alertLinks.length);
    const target = board[0]?.href ?? '';
    const response = await page.goto(`${server.baseUrl}${target}`);
    expect(response?.status()).toBe(200);
    await page.close();
  });
});
