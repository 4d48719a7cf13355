// Every screen and every detail page, as served (JavaScript off), each visited once and read for
// both page-wide checks (served-pages.ts):
// - names: people read names, not ids: no visible text on any screen or detail page (what-ifs
//   included, as they open and filled in) shows a raw key, route, function or consumer id. Ids
//   stay in URLs.
// - figures: every figure of the kinds issue 18 found rounded twice (requests per day, p99, agent
//   share, and the error % and sample shares beside them) shows its unrounded value formatted once.
//   The expected value is recomputed from the raw tables (figures-expected.ts), never read from the
//   views the pages format.
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workspace } from '../../src/node/db.ts';
import { browserAvailable, visitEach } from '../../harness/browser.ts';
import { useConsole } from './use-console.ts';
import { consoleScreens, openTestWorkspace } from './console-helpers.ts';
import { callApi, livePages } from './live-helpers.ts';
import { demoSandboxKey } from '../../src/mocks/demo-key.ts';
import { expectedText, readRawFacts, type RawFacts } from './figures-expected.ts';
import { readServedPage, servedPages, type ServedPage } from './served-pages.ts';

describe.runIf(browserAvailable())('console pages', () => {
  const session = useConsole();
  let ws: Workspace;
  let facts: RawFacts;
  let staticContext: Promise<BrowserContext> | undefined;
  const served = servedPages(
    () => (staticContext ??= session().browser.newContext({ javaScriptEnabled: false })),
    () => session().server.baseUrl,
  );
  const groups = new Map<string, string[]>([['screens', consoleScreens]]);
  let ids: RegExp;
  beforeAll(async () => {
    ws = await openTestWorkspace();
    facts = await readRawFacts(ws);
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
  afterAll(async () => {
    await (await staticContext)?.close();
    ws.close();
  });

  /** The raw ids in the visible text of each page, with a little context. */
  function idsIn(pages: ServedPage[]): string[] {
    return pages.flatMap(({ path, text }) => {
      const match = ids.exec(text);
      return match
        ? [`${path}: ${match[0]} in "…${text.slice(Math.max(0, match.index - 40), match.index + 20)}…"`]
        : [];
    });
  }

  /** The raw ids on each page once its live panels (server islands) have replaced their placeholder. */
  async function idsShownLive(context: BrowserContext, paths: string[], live = false): Promise<string[]> {
    const pages = await visitEach(context, paths, async (page, path) => {
      await page.goto(`${session().server.baseUrl}${path}`);
      if (live) await page.waitForFunction(() => document.querySelector('.live-loading') === null);
      return readServedPage(page, path);
    });
    return idsIn(pages);
  }

  describe('names', () => {
    it.each(['screens', 'keys', 'routes', 'functions', 'consumers'])(
      'shows no raw id in the visible text of any page as served: %s',
      async (group) => {
        expect(idsIn(await served(groups.get(group) ?? []))).toEqual([]);
      },
    );

    it('shows no raw id on the live pages: the request log, a request, a key issued here, live calls', async () => {
      const { server, browser } = session();
      expect((await callApi(server, demoSandboxKey())).status).toBe(201);
      const live = await livePages(server);
      const context = await browser.newContext();
      const paths = [live.log, live.request, live.issuedKey, '/app/api/keys/key_demo_sandbox', '/app/api'];
      expect(await idsShownLive(context, paths, true)).toEqual([]);
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
      expect(await idsShownLive(context, filled)).toEqual([]);
      await context.close();
    });
  });

  describe('figures', () => {
    it.each([
      ['screens', 'screens'],
      ['keys detail', 'keys'],
      ['routes detail', 'routes'],
      ['functions detail', 'functions'],
      ['consumers detail', 'consumers'],
    ])('shows each figure as its unrounded value formatted once, on every page: %s', async (_, group) => {
      const paths = groups.get(group) ?? [];
      const wrong: string[] = [];
      const unmarked: string[] = [];
      let checked = 0;
      for (const { path, figures, unmarked: missing } of await served(paths)) {
        for (const figure of figures) {
          checked += 1;
          const expected = expectedText(facts, figure);
          if (figure.text !== expected)
            wrong.push(
              `${path} ${figure.kind} ${JSON.stringify(figure.scope)}: "${figure.text}", expected "${expected}"`,
            );
        }
        unmarked.push(...missing.map((m) => `${path}: ${m}`));
      }
      expect({ wrong, unmarked }).toEqual({ wrong: [], unmarked: [] });
      // every screen and detail page contributes figures
      expect(checked).toBeGreaterThan(paths.length * 2);
    });
  });
});
