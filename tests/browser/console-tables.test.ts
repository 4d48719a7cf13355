// Chips, filters and sorting: each changes the rows as the views say, lives in the URL (reload and
// the back button restore it), and without JavaScript the full table shows in the default order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workspace } from '../../src/node/db.ts';
import { browserAvailable, openPage } from '../../harness/browser.ts';
import { useConsole } from './use-console.ts';
import { openTestWorkspace, tablesReady, visibleIds } from './console-helpers.ts';

const ids = async (ws: Workspace, sql: string) => (await ws.query<{ id: string }>(sql)).map((r) => r.id);
const keyBlast = `from v_key_stats k join v_blast_score b on b.target_type = 'key' and b.target_id = k.key_id`;
const fnBlast = `from v_function_stats f join v_blast_score b on b.target_type = 'function' and b.target_id = f.function_id`;

describe.runIf(browserAvailable())('console tables', () => {
  const session = useConsole();
  let ws: Workspace;
  beforeAll(async () => {
    ws = await openTestWorkspace();
  });
  afterAll(() => ws.close());

  it('shows every key without JavaScript, per environment, highest blast first', async () => {
    const { server, browser } = session();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/app/api/keys`);
    for (const env of ['production', 'sandbox', 'staging']) {
      const expected = await ids(
        ws,
        `select k.key_id as id ${keyBlast} where k.environment = '${env}' order by b.score desc, k.key_id`,
      );
      expect(await visibleIds(page, `section[aria-labelledby="env-${env}"]`)).toEqual(expected);
    }
    await context.close();
  });

  it.each([
    [
      'expiring',
      `select k.key_id as id ${keyBlast} where k.status = 'expiring' order by b.score desc, k.key_id`,
    ],
    [
      'revoked',
      `select k.key_id as id ${keyBlast} where k.status = 'revoked' order by b.score desc, k.key_id`,
    ],
    [
      'rotated',
      `select k.key_id as id ${keyBlast} where k.status = 'rotated' order by b.score desc, k.key_id`,
    ],
    ['unused', `select k.key_id as id ${keyBlast} where k.is_unused order by b.score desc, k.key_id`],
    [
      'rotation-risk',
      `select k.key_id as id ${keyBlast} where b.is_high_blast order by b.score desc, k.key_id`,
    ],
  ])('keys chip %s shows the keys the views select', async (chip, sql) => {
    const { server, browser } = session();
    const { page, errors } = await openPage(browser);
    await page.goto(`${server.baseUrl}/app/api/keys`);
    await tablesReady(page);
    await page.locator(`button[data-filter-param="chip"][data-filter-value="${chip}"]`).click();
    const expected = await ids(ws, sql);
    expect((await visibleIds(page)).sort()).toEqual([...expected].sort());
    await page.waitForURL((url) => url.searchParams.get('chip') === chip);
    expect(await page.locator(`button[data-filter-value="${chip}"]`).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('sorts keys by name and back, with aria-sort on the header', async () => {
    const { server, browser } = session();
    const { page } = await openPage(browser);
    await page.goto(`${server.baseUrl}/app/api/keys`);
    await tablesReady(page);
    const scope = 'section[aria-labelledby="env-production"]';
    await page.locator(`${scope} button[data-sort-key="name"]`).click();
    const byName = await ids(
      ws,
      `select k.key_id as id ${keyBlast} where k.environment = 'production' order by lower(k.name), b.score desc, k.key_id`,
    );
    expect(await visibleIds(page, scope)).toEqual(byName);
    expect(await page.locator(`${scope} th[data-sort-col="name"]`).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    expect(await page.locator(`${scope} th[data-sort-col="blast"]`).getAttribute('aria-sort')).toBeNull();
    await page.locator(`${scope} button[data-sort-key="name"]`).click();
    expect(await page.locator(`${scope} th[data-sort-col="name"]`).getAttribute('aria-sort')).toBe(
      'descending',
    );
    await page.waitForURL((url) => url.search === '?sort=name&dir=desc');
    await page.close();
  });

  it('restricts routes to one verb and one stage, shows that stage’s counts, and sorts by p99', async () => {
    const { server, browser } = session();
    const { page } = await openPage(browser);
    await page.goto(`${server.baseUrl}/app/api/routes`);
    await tablesReady(page);
    await page.locator('button[data-filter-param="method"][data-filter-value="POST"]').click();
    expect((await visibleIds(page)).sort()).toEqual(
      await ids(ws, "select route_id as id from v_route_stats where method = 'POST' order by route_id"),
    );
    await page.locator('button[data-filter-param="method"][data-filter-value="GET"]').click();
    await page.getByLabel('Stage', { exact: true }).selectOption('prod');
    expect((await visibleIds(page)).sort()).toEqual(
      await ids(
        ws,
        "select route_id as id from v_route_stats where method = 'GET' and stage = 'prod' order by route_id",
      ),
    );
    const [counts] = await ws.query<{ hot_paths: number }>(
      "select hot_paths from v_route_counts where stage = 'prod'",
    );
    const shown = page.locator('section[data-show-value="prod"]');
    expect(await shown.isVisible()).toBe(true);
    expect(await shown.locator('.stat', { hasText: 'Hot paths' }).locator('.stat__value').textContent()).toBe(
      String(counts?.hot_paths),
    );
    await page.locator('button[data-sort-key="p99"]').click();
    expect(await visibleIds(page)).toEqual(
      await ids(
        ws,
        "select route_id as id from v_route_stats where method = 'GET' and stage = 'prod' order by p99_ms desc nulls last, requests_per_day desc, route_id",
      ),
    );
    await page.waitForURL((url) => url.search === '?method=GET&stage=prod&sort=p99&dir=desc');
    await page.close();
  });

  it.each([
    ['routes', 'flag', 'hot', 'select route_id as id from v_route_stats where is_hot_path'],
    ['routes', 'flag', 'deprecated', 'select route_id as id from v_route_stats where deprecated'],
    ['routes', 'flag', 'agent-heavy', 'select route_id as id from v_route_stats where is_agent_heavy'],
    [
      'functions',
      'chip',
      'degraded',
      // the status by the one rule (v_function_status), as every page shows it
      "select function_id as id from v_function_status where status = 'degraded'",
    ],
    [
      'functions',
      'chip',
      'erroring',
      "select function_id as id from v_function_status where status = 'erroring'",
    ],
  ])('%s chip %s=%s shows the rows the view selects', async (screen, param, value, sql) => {
    const { server, browser } = session();
    const { page } = await openPage(browser);
    await page.goto(`${server.baseUrl}/app/api/${screen}`);
    await tablesReady(page);
    await page.locator(`button[data-filter-param="${param}"][data-filter-value="${value}"]`).click();
    expect((await visibleIds(page)).sort()).toEqual((await ids(ws, sql)).sort());
    await page.waitForURL((url) => url.searchParams.get(param) === value);
    await page.close();
  });

  it('works from the keyboard: a focused chip toggles with Space, a sort header with Enter', async () => {
    const { server, browser } = session();
    const { page } = await openPage(browser);
    await page.goto(`${server.baseUrl}/app/api/functions`);
    await tablesReady(page);
    await page.locator('button[data-filter-value="cold-heavy"]').focus();
    await page.keyboard.press('Space');
    await page.waitForURL(/chip=cold-heavy/);
    await page.locator('button[data-sort-key="errors"]').focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/sort=errors/);
    expect(await page.locator('th[data-sort-col="errors"]').getAttribute('aria-sort')).toBe('descending');
    await page.close();
  });

  it('filters functions by runtime with the select', async () => {
    const { server, browser } = session();
    const { page } = await openPage(browser);
    await page.goto(`${server.baseUrl}/app/api/functions`);
    await tablesReady(page);
    await page.getByLabel('Runtime', { exact: true }).selectOption('python');
    expect((await visibleIds(page)).sort()).toEqual(
      (await ids(ws, "select function_id as id from v_function_stats where runtime = 'python'")).sort(),
    );
    await page.close();
  });

  it('isolates cold-heavy functions with the chip', async () => {
    const { server, browser } = session();
    const { page } = await openPage(browser);
    await page.goto(`${server.baseUrl}/app/api/functions`);
    await tablesReady(page);
    await page.locator('button[data-filter-value="cold-heavy"]').click();
    expect(await visibleIds(page)).toEqual(
      await ids(
        ws,
        `select f.function_id as id ${fnBlast} where f.is_cold_heavy order by b.score desc, f.function_id`,
      ),
    );
    await page.close();
  });

  it('round-trips the state through the URL: reload keeps it, back restores the previous one', async () => {
    const { server, browser } = session();
    const { page } = await openPage(browser);
    await page.goto(`${server.baseUrl}/app/api/functions`);
    await tablesReady(page);
    const all = await visibleIds(page);
    await page.locator('button[data-filter-value="cold-heavy"]').click();
    await page.locator('button[data-sort-key="name"]').click();
    const filtered = await visibleIds(page);
    await page.waitForURL((url) => url.search === '?chip=cold-heavy&sort=name&dir=asc');
    await page.reload();
    await tablesReady(page);
    expect(await visibleIds(page)).toEqual(filtered);
    expect(await page.locator('button[data-filter-value="cold-heavy"]').getAttribute('aria-pressed')).toBe(
      'true',
    );
    await page.goBack();
    await page.waitForURL((url) => url.search === '?chip=cold-heavy');
    await page.goBack();
    await page.waitForURL((url) => url.search === '');
    expect(await visibleIds(page)).toEqual(all);
    expect(await page.locator('button[data-filter-value="cold-heavy"]').getAttribute('aria-pressed')).toBe(
      'false',
    );
    await page.close();
  });

  it.each([
    ['keys', 'chip=__proto__'],
    ['routes', 'method=toString'],
    ['routes', 'stage=__proto__'],
    ['routes', 'sort=toString'],
    ['functions', 'runtime=constructor'],
    ['functions', 'chip=hasOwnProperty&sort=valueOf'],
  ])(
    'ignores names inherited from Object.prototype: /%s?%s shows the default rows',
    async (screen, query) => {
      const { server, browser } = session();
      const { page, errors } = await openPage(browser);
      await page.goto(`${server.baseUrl}/app/api/${screen}`);
      await tablesReady(page);
      // the rows shown, and the column headers marked as sorting them
      const shown = async () => ({
        ids: await visibleIds(page),
        sorted: await page
          .locator('th[aria-sort]')
          .evaluateAll((ths) => ths.map((th) => `${(th as HTMLElement).dataset.sortCol} ${th.ariaSort}`)),
      });
      const all = await shown();
      await page.goto(`${server.baseUrl}/app/api/${screen}?${query}`);
      await tablesReady(page);
      expect(await shown()).toEqual(all);
      expect(errors).toEqual([]);
      await page.close();
    },
  );
});
