// People read names, not ids: no visible text on any screen or detail page (what-ifs included, as
// they open and filled in) shows a raw key, route, function or consumer id. Ids stay in URLs.
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workspace } from '../../src/node/db.ts';
import { browserAvailable, visitEach } from '../../harness/browser.ts';
import { useConsole } from './use-console.ts';
import { consoleScreens, openTestWorkspace } from './console-helpers.ts';
import { callApi, livePages } from './live-helpers.ts';
import { demoSandboxKey } from '../../src/mocks/demo-key.ts';

describe.runIf(browserAvailable())('console names', () => {
  const session = useConsole();
  let ws: Workspace;
  const groups = new Map<string, string[]>([['screens', consoleScreens]]);
  let ids: RegExp;
  beforeAll(async () => {
    ws = await openTestWorkspace();
    const rows = await ws.query<{ path: string; id: string }>(
      `select '/app/api/keys/' || key_id as path, key_id as id from keys
       union all select '/app/api/routes/' || route_id, route_id from routes
       union all select '/app/api/functions/' || function_id, function_id from functions
       union all select '/app/api/consumers/' || consumer_id, consumer_id from consumers order by all`,
    );
    for (const { path } of rows) {
      const group = path?.split('/')[3];
      if (path && group) groups.set(group, [...(groups.get(group) ?? []), path]);
    }
    // an id on its own, not as part of a URL path (the Link header names the route's page)
    ids = new RegExp(`(?<![/\\w])(${rows.map((r) => r.id).join('|')})\\b`);
  });
  afterAll(() => ws.close());

  /** The raw ids in the visible text of each page, with a little context (`live`: once its live panels are in). */
  async function idsShown(context: BrowserContext, paths: string[], live = false): Promise<string[]> {
    const found = await visitEach(context, paths, async (page, path) => {
      await page.goto(`${session().server.baseUrl}${path}`);
      // Live panels (server islands) replace their placeholder once the server has sent them.
      if (live) await page.waitForFunction(() => document.querySelector('.live-loading') === null);
      const text = await page.locator('body').innerText();
      const match = ids.exec(text);
      return match
        ? [`${path}: ${match[0]} in "…${text.slice(Math.max(0, match.index - 40), match.index + 20)}…"`]
        : [];
    });
    return found.flat();
  }

  it.each(['screens', 'keys', 'routes', 'functions', 'consumers'])(
    'shows no raw id in the visible text of any page as served: %s',
    async (group) => {
      const context = await session().browser.newContext({ javaScriptEnabled: false });
      expect(await idsShown(context, groups.get(group) ?? [])).toEqual([]);
      await context.close();
    },
  );

  it('shows no raw id on the live pages: the request log, a request, a key issued here, live calls', async () => {
    const { server, browser } = session();
    expect((await callApi(server, demoSandboxKey())).status).toBe(201);
    const live = await livePages(server);
    const context = await browser.newContext();
    const paths = [live.log, live.request, live.issuedKey, '/app/api/keys/key_demo_sandbox', '/app/api'];
    expect(await idsShown(context, paths, true)).toEqual([]);
    await context.close();
  });

  it('shows no raw id in the what-ifs once their island has rendered them, filled in from the alerts', async () => {
    const { server, browser } = session();
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/app/api`);
    const filled = await page
      .locator('.alerts a[data-what-if-link]')
      .evaluateAll((as) =>
        as.map((a) => new URL((a as HTMLAnchorElement).href)).map((u) => u.pathname + u.search),
      );
    expect(filled.length).toBeGreaterThan(0);
    expect(await idsShown(context, filled)).toEqual([]);
    await context.close();
  });
});
