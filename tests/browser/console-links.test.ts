// Route ↔ function links resolve both ways, keys link their dependents' routes, and the
// POST /v2/orders route links the Try-it page; every consumer a detail page or its what-ifs name
// links to that consumer's page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workspace } from '../../src/node/db.ts';
import { browserAvailable, openPage } from '../../harness/browser.ts';
import { useConsole } from './use-console.ts';
import { openTestWorkspace, whatIfPages } from './console-helpers.ts';

describe.runIf(browserAvailable())('console links', () => {
  const session = useConsole();
  let ws: Workspace;
  beforeAll(async () => {
    ws = await openTestWorkspace();
  });
  afterAll(() => ws.close());

  it('goes from a function to the route it backs, and from that route back to the function', async () => {
    const { server, browser } = session();
    const [fn] = await ws.query<{ function_id: string; route_id: string }>(
      'select function_id, route_id from v_function_stats order by invocations desc limit 1',
    );
    if (!fn) throw new Error('workspace has no function');
    const { page, errors } = await openPage(browser);
    await page.goto(`${server.baseUrl}/app/api/functions/${fn.function_id}`);
    await page.locator(`a[data-backs-route="${fn.route_id}"]`).click();
    await page.waitForURL(`**/app/api/routes/${fn.route_id}`);
    const served = await ws.query<{ function_id: string }>(
      'select function_id from v_blast_function_routes where route_id = $route_id order by function_id',
      { route_id: fn.route_id },
    );
    const links = page.locator('section[aria-labelledby="functions"] tbody a');
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.sort()).toEqual(served.map((s) => `/app/api/functions/${s.function_id}`).sort());
    await page
      .locator(`section[aria-labelledby="functions"] a[href="/app/api/functions/${fn.function_id}"]`)
      .click();
    await page.waitForURL(`**/app/api/functions/${fn.function_id}`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('resolves every route link of the Functions screen and every function link of the route pages', async () => {
    const { server, browser } = session();
    const { page } = await openPage(browser);
    await page.goto(`${server.baseUrl}/app/api/functions`);
    const routeHrefs = new Set(
      await page
        .locator('tbody a.route-link')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? '')),
    );
    for (const href of routeHrefs) {
      const response = await page.request.get(`${server.baseUrl}${href}`);
      expect(response.status(), href).toBe(200);
    }
    await page.close();
  });

  it('lists a key’s dependents and the routes they call with it', async () => {
    const { server, browser } = session();
    const [key] = await ws.query<{ key_id: string }>(
      'select key_id from v_key_stats order by dependents desc, key_id limit 1',
    );
    const routes = await ws.query<{ route_id: string }>(
      'select distinct route_id from v_route_dependents where key_id = $key_id order by route_id',
      { key_id: key?.key_id ?? '' },
    );
    const { page } = await openPage(browser);
    await page.goto(`${server.baseUrl}/app/api/keys/${key?.key_id}`);
    const hrefs = await page
      .locator('section[aria-labelledby="routes"] tbody a')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect([...new Set(hrefs)].sort()).toEqual(routes.map((r) => `/app/api/routes/${r.route_id}`));
    await page.close();
  });

  it('links Try it from the route page of POST /v2/orders', async () => {
    const { server, browser } = session();
    const [route] = await ws.query<{ route_id: string }>(
      "select route_id from v_route_stats where method = 'POST' and path = '/v2/orders' and stage = 'prod'",
    );
    const { page } = await openPage(browser);
    await page.goto(`${server.baseUrl}/app/api/routes/${route?.route_id}`);
    expect(await page.locator('main a[href="/app/api/try"]').count()).toBeGreaterThan(0);
    expect(await page.locator('section#what-if').count()).toBe(1);
    await page.close();
  });
  it.each(['key', 'route', 'fn'] as const)(
    'links every consumer the %s page and its what-ifs name to the consumer’s page',
    async (kind) => {
      const { server, browser } = session();
      const path = (await whatIfPages(ws))[kind];
      const consumers = await ws.query<{ href: string; name: string }>(
        `select '/app/api/consumers/' || consumer_id as href, name from consumers`,
      );
      const names = new Map(consumers.map((c) => [c.href, c.name]));
      const { page, errors } = await openPage(browser);
      await page.goto(`${server.baseUrl}${path}`, { waitUntil: 'networkidle' });
      const links = await page.locator('main a[href^="/app/api/consumers/"]').evaluateAll((as) =>
        as.map((a) => ({
          href: a.getAttribute('href') ?? '',
          text: (a.textContent ?? '').trim(),
          inWhatIf: a.closest('#what-if') !== null,
        })),
      );
      expect(links.some((l) => l.inWhatIf)).toBe(true);
      expect(links.some((l) => !l.inWhatIf)).toBe(true);
      expect(links.filter((l) => names.get(l.href) !== l.text)).toEqual([]);
      const response = await page.goto(`${server.baseUrl}${links[0]?.href ?? ''}`);
      expect(response?.status()).toBe(200);
      expect(errors).toEqual([]);
      await page.close();
    },
  );
});
