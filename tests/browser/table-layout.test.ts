// Tables lay out their text whole: on a phone (390 px) the budget view's tables never break a route
// path or a name mid-word (a path may wrap after a "/", a name between words), and on a desktop
// (1440 px) no column header's label (with its sort arrow) runs out of its cell into the next one.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAvailable, openPage } from '../../harness/browser.ts';
import { useConsole } from './use-console.ts';

/** Words (runs of text without a space or "/") that the layout split across two lines, per cell. */
function brokenWords(page: Page, cells: string): Promise<string[]> {
  return page.locator(cells).evaluateAll((elements) => {
    const found: string[] = [];
    for (const cell of elements) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/[^\s/]+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (tops.size > 1) found.push(`"${match[0]}" in "${(cell.textContent ?? '').trim()}"`);
        }
      }
    }
    return found;
  });
}

/** Header labels (sort buttons or plain text) that reach past their cell or touch the next label. */
function crowdedHeaders(page: Page): Promise<string[]> {
  return page.locator('table.data thead tr').evaluateAll((rows) => {
    const found: string[] = [];
    for (const row of rows) {
      const labels = [...row.querySelectorAll('th')].map((th) => {
        const label = th.querySelector('.sort') ?? th;
        const range = document.createRange();
        range.selectNodeContents(label);
        const box = label === th ? range.getBoundingClientRect() : label.getBoundingClientRect();
        return { th: th.getBoundingClientRect(), box, text: (th.textContent ?? '').trim() };
      });
      labels.forEach((l, i) => {
        if (l.box.width === 0) return;
        if (l.box.left < l.th.left - 0.5 || l.box.right > l.th.right + 0.5)
          found.push(
            `"${l.text}" (${Math.round(l.box.width)} px) overflows its ${Math.round(l.th.width)} px cell`,
          );
        const next = labels[i + 1];
        if (next && next.box.width > 0 && next.box.left - l.box.right < 4)
          found.push(`"${l.text}" touches "${next.text}"`);
      });
    }
    return found;
  });
}

describe.runIf(browserAvailable())('table layout', () => {
  const session = useConsole();

  it('breaks no route path or name mid-word in the budget tables at 390 px', async () => {
    const { server, browser } = session();
    const { page } = await openPage(browser, { width: 390, height: 844 });
    await page.goto(`${server.baseUrl}/app/api/budget`);
    const cells = 'table.data tbody th, table.data tbody td';
    expect(await page.locator(cells).count()).toBeGreaterThan(0);
    expect(await brokenWords(page, cells)).toEqual([]);
    await page.close();
  });

  it.each([
    '/app/api/keys',
    '/app/api/routes',
    '/app/api/functions',
    '/app/api/consumers',
    '/app/api/budget',
  ])('keeps every header label of %s inside its cell at 1440 px', async (path) => {
    const { server, browser } = session();
    const { page } = await openPage(browser, { width: 1440, height: 900 });
    await page.goto(`${server.baseUrl}${path}`);
    expect(await page.locator('table.data thead th').count()).toBeGreaterThan(0);
    expect(await crowdedHeaders(page)).toEqual([]);
    await page.close();
  });
});
