// Every figure of the kinds issue 18 found rounded twice (requests per day, p99, agent share, and
// the error % and sample shares beside them), on every screen and every detail page, shows its
// unrounded value formatted once. The expected value is recomputed from the raw tables
// (figures-expected.ts), never read from the views the pages format.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workspace } from '../../src/node/db.ts';
import { browserAvailable, visitEach } from '../../harness/browser.ts';
import { useConsole } from './use-console.ts';
import { consoleScreens, openTestWorkspace } from './console-helpers.ts';
import { expectedText, readRawFacts, type RawFacts, type ShownFigure } from './figures-expected.ts';

/** Column headers and fact labels that name a figure of these kinds. */
const figureLabel = /^(req\/day|requests per day|p99|agent share|agent %|error %|error rate)\b/i;

describe.runIf(browserAvailable())('console figures', () => {
  const session = useConsole();
  let ws: Workspace;
  let facts: RawFacts;
  const groups = new Map<string, string[]>([['screens', consoleScreens]]);
  beforeAll(async () => {
    ws = await openTestWorkspace();
    facts = await readRawFacts(ws);
    for (const [table, id] of [
      ['keys', 'key_id'],
      ['routes', 'route_id'],
      ['functions', 'function_id'],
      ['consumers', 'consumer_id'],
    ] as const) {
      const ids = await ws.query<{ id: string }>(`select ${id} as id from ${table} order by all`);
      groups.set(
        `${table} detail`,
        ids.map((r) => `/app/api/${table}/${r.id}`),
      );
    }
  });
  afterAll(() => ws.close());

  it.each(['screens', 'keys detail', 'routes detail', 'functions detail', 'consumers detail'])(
    'shows each figure as its unrounded value formatted once, on every page: %s',
    async (group) => {
      const { server, browser } = session();
      const paths = groups.get(group) ?? [];
      const context = await browser.newContext({ javaScriptEnabled: false });
      const wrong: string[] = [];
      const unmarked: string[] = [];
      let checked = 0;
      const pages = await visitEach(context, paths, async (page, path) => {
        await page.goto(`${server.baseUrl}${path}`);
        return page.evaluate((labelSource) => {
          const label = new RegExp(labelSource, 'i');
          const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
          const figures = [...document.querySelectorAll<HTMLElement>('[data-figure]')].map((el) => ({
            kind: el.dataset.figure ?? '',
            scope: Object.fromEntries(
              [...el.attributes]
                .filter((a) => a.name.startsWith('data-scope-'))
                .map((a) => [camel(a.name.slice('data-scope-'.length)), a.value]),
            ),
            text: (el.textContent ?? '').trim(),
          }));
          // A figure's cell or value that does not say what it measures.
          const missing: string[] = [];
          const marked = (el: Element) =>
            el.matches('[data-figure]') || el.querySelector('[data-figure]') !== null;
          for (const table of document.querySelectorAll('table:not([data-predicted])')) {
            if (table.closest('.chart__data')) continue;
            const headers = [...table.querySelectorAll('thead th')].map((th) =>
              (th.textContent ?? '').trim(),
            );
            for (const row of table.querySelectorAll('tbody tr:not(.empty)')) {
              [...row.children].forEach((cell, i) => {
                if (label.test(headers[i] ?? '') && !marked(cell)) missing.push(`${headers[i]} cell`);
              });
            }
          }
          for (const term of document.querySelectorAll('.facts dt, .stat__label')) {
            const value = term.nextElementSibling;
            if (label.test((term.textContent ?? '').trim()) && value && !marked(value))
              missing.push(`${term.textContent} value`);
          }
          return { figures, missing };
        }, figureLabel.source);
      });
      for (const [i, found] of pages.entries()) {
        const path = paths[i];
        for (const figure of found.figures as ShownFigure[]) {
          checked += 1;
          const expected = expectedText(facts, figure);
          if (figure.text !== expected)
            wrong.push(
              `${path} ${figure.kind} ${JSON.stringify(figure.scope)}: "${figure.text}", expected "${expected}"`,
            );
        }
        unmarked.push(...found.missing.map((m) => `${path}: ${m}`));
      }
      expect({ wrong, unmarked }).toEqual({ wrong: [], unmarked: [] });
      // every screen and detail page contributes figures
      expect(checked).toBeGreaterThan(paths.length * 2);
      await context.close();
    },
  );
});
