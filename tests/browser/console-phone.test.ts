// The console on a phone (390 × 844): every screen, a detail page of each kind with its what-ifs
// (as they open and filled in from the Overview's alerts) and the Try page are no wider than the
// viewport; no text block inside #what-if overflows its panel; no text outside a scrolling frame
// (a table, the section tabs) is off-screen; chart date labels never overlap; long board labels wrap.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workspace } from '../../src/node/db.ts';
import { browserAvailable, openPage } from '../../harness/browser.ts';
import { useConsole } from './use-console.ts';
import { consoleScreens, openTestWorkspace, whatIfPages } from './console-helpers.ts';
import { livePages } from './live-helpers.ts';

const phone = { width: 390, height: 844 };

/** What overflows on the page: the page itself, text blocks in #what-if, text off-screen. */
function overflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ').join('.')}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    if (document.documentElement.scrollWidth > window.innerWidth)
      found.push(`page is ${document.documentElement.scrollWidth}px wide`);
    // Elements that hold text themselves (not only through children).
    const texts = [...document.body.querySelectorAll('*')].filter(
      (el) =>
        [...el.childNodes].some(
          (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '',
        ) &&
        (el as HTMLElement).offsetParent !== null &&
        // text meant for screen readers only, and the skip link until it is focused
        el.closest('.visually-hidden, .skip') === null,
    );
    // Inside a frame that scrolls sideways (a table, the section tabs), text may sit off-screen;
    // the frames between an element and `stop` are the ones that count.
    const inScroller = (el: Element, stop: Element) => {
      for (let p = el.parentElement; p && p !== stop; p = p.parentElement) {
        if (['auto', 'scroll'].includes(getComputedStyle(p).overflowX)) return true;
      }
      return false;
    };
    const panel = document.querySelector('#what-if');
    if (panel && panel.scrollWidth > panel.clientWidth + 1)
      found.push(`#what-if scrolls: ${panel.scrollWidth}px of content in ${panel.clientWidth}px`);
    const panelBox = panel?.getBoundingClientRect();
    for (const el of texts) {
      const box = el.getBoundingClientRect();
      if (!inScroller(el, document.body) && (box.right > window.innerWidth + 0.5 || box.left < -0.5))
        found.push(`off-screen: ${describe(el)}`);
      if (panel && panelBox && panel.contains(el) && !inScroller(el, panel)) {
        const block = getComputedStyle(el).display !== 'inline';
        if (box.right > panelBox.right + 0.5 || (block && el.scrollWidth > el.clientWidth + 1))
          found.push(`overflows #what-if: ${describe(el)}`);
      }
    }
    return found;
  });
}

/** The narrowest free space between neighbouring date labels of each chart, once drawn. */
async function chartLabelGaps(page: Page): Promise<number[]> {
  const charts = page.locator('canvas[data-chart]');
  const count = await charts.count();
  const gaps: number[] = [];
  for (let i = 0; i < count; i++) {
    const chart = charts.nth(i);
    await chart.scrollIntoViewIfNeeded();
    await expect.poll(() => chart.getAttribute('data-x-label-gap')).not.toBeNull();
    gaps.push(Number(await chart.getAttribute('data-x-label-gap')));
  }
  return gaps;
}

describe.runIf(browserAvailable())('console on a phone', () => {
  const session = useConsole();
  let ws: Workspace;
  const pages = [...consoleScreens, '/app/api/try'];
  beforeAll(async () => {
    ws = await openTestWorkspace();
    const detail = await whatIfPages(ws);
    pages.push(detail.key, detail.route, detail.fn, detail.consumer);
    const live = await livePages(session().server);
    pages.push(live.log, live.request, live.issuedKey);
  });
  afterAll(() => ws.close());

  it('fits every screen, detail page, what-if and the Try page into 390 px', async () => {
    const { server, browser } = session();
    const { page, errors } = await openPage(browser, phone);
    // The what-ifs as the Overview's alerts open them, filled in.
    await page.goto(`${server.baseUrl}/app/api`);
    const filled = await page
      .locator('.alerts a[data-what-if-link]')
      .evaluateAll((as) =>
        as.map(
          (a) =>
            new URL((a as HTMLAnchorElement).href).pathname + new URL((a as HTMLAnchorElement).href).search,
        ),
      );
    expect(filled.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const path of [...pages, ...filled]) {
      await page.goto(`${server.baseUrl}${path}`, { waitUntil: 'networkidle' });
      problems.push(...(await overflows(page)).map((p) => `${path}: ${p}`));
      for (const gap of await chartLabelGaps(page))
        if (gap < 4) problems.push(`${path}: chart date labels ${gap}px apart`);
    }
    expect(problems).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('wraps a long board label (a route and the function behind it) inside its entry', async () => {
    const { server, browser } = session();
    const { page } = await openPage(browser, phone);
    await page.goto(`${server.baseUrl}/app/api`);
    const entry = page.locator('.board__item').first();
    await entry
      .locator('a')
      .first()
      .evaluate((a) => {
        a.textContent = 'GET /v2/orders/{order_id}/events/{event_id} → order-events-read-handler-v2';
      });
    const fits = await entry.evaluate((el) => {
      const box = el.getBoundingClientRect();
      return [...el.querySelectorAll('*')].every(
        (child) => child.getBoundingClientRect().right <= box.right + 0.5,
      );
    });
    expect({ fits, problems: await overflows(page) }).toEqual({ fits: true, problems: [] });
    await page.close();
  });
});
