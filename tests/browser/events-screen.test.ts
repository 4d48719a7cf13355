// The Events screen against the real server: an order created with the demo key raises its
// order.created, listed newest first with its order id and a link to its request in the log; the
// filters live in the URL (unknown values dropped); no axe violation on a phone.
import { describe, expect, it } from 'vitest';
import { browserAvailable, openPage } from '../../harness/browser.ts';
import { axeViolations } from './console-helpers.ts';
import { callApi } from './live-helpers.ts';
import { useConsole } from './use-console.ts';

describe.runIf(browserAvailable())('events screen', () => {
  const session = useConsole();

  it("lists a new order's order.created, linked to its request, with no axe violation at 390 px", async () => {
    const { server, browser } = session();
    const { status, requestId } = await callApi(server);
    expect(status).toBe(201);
    const { page, errors } = await openPage(browser, { width: 390, height: 844 });
    await page.goto(`${server.baseUrl}/app/api/events?type=order.created&env=mars`);
    expect(new URL(page.url()).search).toBe('?type=order.created');
    const link = page.locator(`a[data-request-link][href="/app/api/logs/${requestId}"]`);
    expect(await link.count()).toBe(1);
    const row = page.locator('tr[data-event-id]').filter({ has: link });
    expect(await row.getAttribute('data-event-type')).toBe('order.created');
    const orderId = (await row.locator('[data-order-id]').getAttribute('data-order-id')) ?? '';
    expect(orderId).toMatch(/^ord_/);
    expect(await row.getAttribute('data-event-id')).toBe(`evt_${orderId.slice('ord_'.length)}`);
    // Newest first: the order just created is the first row.
    expect(await page.locator('tr[data-event-id]').first().getAttribute('data-event-id')).toBe(
      `evt_${orderId.slice('ord_'.length)}`,
    );
    expect(await axeViolations(page)).toEqual([]);
    await link.click();
    await page.waitForURL(`**/app/api/logs/${requestId}`);
    expect(await page.locator('[data-request-id]').textContent()).toBe(requestId);
    // Another type: the order's event is not listed.
    await page.goto(`${server.baseUrl}/app/api/events?type=endpoint.disabled`);
    expect(await page.locator(`a[href="/app/api/logs/${requestId}"]`).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
