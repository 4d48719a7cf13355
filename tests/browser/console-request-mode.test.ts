// Per-request rendering (CONSOLE_RENDER=request): the server applies the URL's filters and sort, so
// a shared link shows the same rows even without JavaScript; detail pages come from Astro.params.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workspace } from '../../src/node/db.ts';
import { formatCount } from '../../src/lib/format.ts';
import { throttleTotal } from '../../src/what-if/throttle/query.ts';
import { browserAvailable, requestTestDist } from '../../harness/browser.ts';
import { useConsole } from './use-console.ts';
import { openTestWorkspace, visibleIds } from './console-helpers.ts';

describe.runIf(browserAvailable())('console rendered per request', () => {
  let ws: Workspace;
  // built per request by the browser project's global setup
  const session = useConsole({ ESTATE_DIST: requestTestDist });
  beforeAll(async () => {
    ws = await openTestWorkspace();
  });
  afterAll(() => ws.close());

  it('applies the URL’s chip and sort on the server (no JavaScript)', async () => {
    const { server, browser } = session();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/app/api/routes?method=POST&sort=p99&dir=desc`);
    const expected = await ws.query<{ id: string }>(
      "select route_id as id from v_route_stats where method = 'POST' order by p99_ms desc nulls last, requests_per_day desc, route_id",
    );
    expect(await visibleIds(page)).toEqual(expected.map((r) => r.id));
    expect(await page.locator('button[data-filter-value="POST"]').getAttribute('aria-pressed')).toBe('true');
    expect(await page.locator('th[data-sort-col="p99"]').getAttribute('aria-sort')).toBe('descending');
    await context.close();
  });

  it('ignores names inherited from Object.prototype on the server (no JavaScript)', async () => {
    const { server, browser } = session();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const [screen, query] of [
      ['keys', 'chip=__proto__'],
      ['routes', 'method=toString&stage=__proto__&sort=toString'],
      ['functions', 'runtime=constructor&chip=__proto__'],
    ]) {
      await page.goto(`${server.baseUrl}/app/api/${screen}`);
      const all = await visibleIds(page);
      await page.goto(`${server.baseUrl}/app/api/${screen}?${query}`);
      expect({ screen, ids: await visibleIds(page) }).toEqual({ screen, ids: all });
    }
    await context.close();
  });

  it('renders a what-if filled in from the URL on the server (no JavaScript)', async () => {
    const { server, browser } = session();
    const [key] = await ws.query<{ id: string }>(
      'select key_id as id from traffic_daily group by all order by sum(throttled_429) desc, key_id limit 1',
    );
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/app/api/keys/${key?.id}?throttle_rpm=900#what-if-throttle`);
    expect(await page.locator('[data-throttle-total]').textContent()).toBe(
      formatCount(await throttleTotal(key?.id ?? '', 900, ws)),
    );
    expect(await page.locator('[data-throttle-rpm]').inputValue()).toBe('900');
    await context.close();
  });

  it('renders a detail page from its id and answers 404 for an unknown one', async () => {
    const { server, browser } = session();
    const [fn] = await ws.query<{ id: string; name: string }>(
      'select function_id as id, name from v_function_stats limit 1',
    );
    const page = await browser.newPage();
    const found = await page.goto(`${server.baseUrl}/app/api/functions/${fn?.id}`);
    expect(found?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(fn?.name);
    const missing = await page.goto(`${server.baseUrl}/app/api/functions/fn_does_not_exist`);
    expect(missing?.status()).toBe(404);
    await page.close();
  });
});
