// A webhook endpoint's page against the real server: a receiver on 127.0.0.1 that fails once shows
// the failed attempt (status, outcome, next retry, one event waiting), the Overview raises a live
// alert naming the events waiting, and Resend from the page (a same-site form post through the
// console's gate) sends the event again, which the attempt log then shows as delivered; the resend
// answers 303 to the page's GET, so reloading it does not send the event a third time.
import { afterAll, describe, expect, it } from 'vitest';
import { browserAvailable, openPage } from '../../harness/browser.ts';
import { startReceiver, type Receiver } from '../../harness/webhook-receiver.ts';
import { until } from '../helpers/poll.ts';
import { callApi, keysCli } from './live-helpers.ts';
import { useConsole } from './use-console.ts';

describe.runIf(browserAvailable())('a webhook endpoint page', () => {
  const session = useConsole();
  let receiver: Receiver | undefined;
  afterAll(async () => {
    await receiver?.close();
  });

  it(
    'shows a failed attempt and what waits, alerts on the Overview, and resends',
    { timeout: 60_000 },
    async () => {
      const { server, browser } = session();
      const out = keysCli(server, 'issue', [
        '--name',
        'webhook page check',
        '--scopes',
        'orders:write,orders:read,events:read,webhooks:read,webhooks:write',
      ]);
      const key = /sk_test_[0-9A-Za-z]+/.exec(out)?.[0] ?? '';
      // It fails until the test makes it healthy, so a retry waits whenever the page is read.
      let healthy = false;
      receiver = await startReceiver(() => ({ status: healthy ? 204 : 500 }));
      const made = await fetch(`${server.baseUrl}/v2/webhooks`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ url: receiver.url, enabled_events: ['order.created'] }),
      });
      const endpointId = ((await made.json()) as { id: string }).id;
      expect(made.status).toBe(201);
      expect((await callApi(server, key)).status).toBe(201);
      await until('the first attempt', () => (receiver?.received.length ?? 0) >= 1);
      const eventId = String(receiver.received[0]?.headers['webhook-id']);

      const { page, errors } = await openPage(browser);
      await page.goto(`${server.baseUrl}/app/api/events/endpoints/${endpointId}`);
      const failed = page.locator(`tr[data-attempt-event="${eventId}"][data-attempt-outcome="retrying"]`);
      expect(await failed.first().locator('[data-status]').getAttribute('data-status')).toBe('500');
      expect(await page.locator('[data-fact="waiting"]').textContent()).toBe('1 delivery');
      expect(await page.locator('[data-fact="next-attempt"]').textContent()).not.toBe('none waiting');

      await page.goto(`${server.baseUrl}/app/api`);
      const alert = page.locator(`[data-endpoint-alert="${endpointId}"]`);
      await alert.waitFor();
      expect(await alert.getAttribute('data-waiting')).toBe('1');
      expect(await alert.locator('[data-events-waiting]').textContent()).toBe('1 event waiting');

      await page.goto(`${server.baseUrl}/app/api/events/endpoints/${endpointId}`);
      healthy = true;
      await page.fill('#resend-event', eventId);
      // The resend answers 303 to the page's GET, which says what was queued once: a reload
      // queues nothing again.
      const posted = page.waitForResponse((r) => r.request().method() === 'POST');
      await page.click('form[data-action="resend"] button[type="submit"]');
      expect((await posted).status()).toBe(303);
      await page.waitForSelector('[data-requeue-answer="ok"]');
      expect(page.url()).toBe(`${server.baseUrl}/app/api/events/endpoints/${endpointId}`);
      const delivered = page.locator(`tr[data-attempt-event="${eventId}"][data-attempt-outcome="succeeded"]`);
      await until('the resend in the attempt log', async () => {
        await page.reload();
        return (await delivered.count()) > 0;
      });
      expect(await page.locator('[data-requeue-answer]').count()).toBe(0);
      expect(await delivered.count()).toBe(1);
      expect(errors).toEqual([]);
      await page.close();
    },
  );
});
