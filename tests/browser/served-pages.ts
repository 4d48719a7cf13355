// One visit per page, as served without JavaScript, read for everything the page-wide suites check:
// its visible text (raw ids, console-pages.test.ts) and its declared figures (figures-expected.ts).
import type { BrowserContext, Page } from 'playwright-core';
import { visitEach } from '../../harness/browser.ts';
import type { ShownFigure } from './figures-expected.ts';

/** Column headers and fact labels that name a figure of the kinds issue 18 found rounded twice. */
export const figureLabel = /^(req\/day|requests per day|p99|agent share|agent %|error %|error rate)\b/i;

/** What one served page shows. */
export interface ServedPage {
  path: string;
  /** The body's visible text (innerText: what a reader sees, hidden elements left out). */
  text: string;
  /** Every `[data-figure]` element: its kind, scope attributes and text. */
  figures: ShownFigure[];
  /** Cells and values under a figure label that carry no `[data-figure]` mark. */
  unmarked: string[];
}

/** Reads the visible text and the figures of the page as it stands. */
export async function readServedPage(page: Page, path: string): Promise<ServedPage> {
  // One evaluate in the page's own world: a locator would first inject Playwright's selector engine
  // into each new document (about 150 ms a page here, most of the suite's time).
  const { text, figures, missing } = await page.evaluate((labelSource) => {
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
    const marked = (el: Element) => el.matches('[data-figure]') || el.querySelector('[data-figure]') !== null;
    for (const table of document.querySelectorAll('table:not([data-predicted])')) {
      if (table.closest('.chart__data')) continue;
      const headers = [...table.querySelectorAll('thead th')].map((th) => (th.textContent ?? '').trim());
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
    return { text: document.body.innerText, figures, missing };
  }, figureLabel.source);
  return { path, text, figures: figures as ShownFigure[], unmarked: missing };
}

/**
 * Serves each group of paths at most once: the first suite that asks for a group visits its pages
 * (in `context`, JavaScript off) and every later one reads the same visit.
 */
export function servedPages(
  context: () => Promise<BrowserContext>,
  baseUrl: () => string,
): (paths: readonly string[]) => Promise<ServedPage[]> {
  const visits = new Map<string, Promise<ServedPage[]>>();
  return (paths) => {
    const key = paths.join('\n');
    let visit = visits.get(key);
    if (!visit) {
      visit = context().then((ctx) =>
        visitEach(ctx, paths, async (page, path) => {
          await page.goto(`${baseUrl()}${path}`);
          return readServedPage(page, path);
        }),
      );
      visits.set(key, visit);
    }
    return visit;
  };
}
