// events:listen forwards each event from a running server to a local URL, signed with a stable
// local secret that standardwebhooks verifies, one line per delivery (a failed forward names its
// cause, a target that never answers is timed out and named); stopping deletes its endpoint; a
// refusal by the API relays each problem's own words.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listen, localSecret } from '../../../scripts/events/forward.ts';
import { fixtureKeys } from '../../../harness/fixture-world.ts';
import { serverRunner } from '../../api/orders/runners.ts';
import { startReceiver } from '../../../harness/webhook-receiver.ts';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

describe('events:listen', () => {
  it('forwards an order.created signed with the local secret, and reports it', async () => {
    const server = await serverRunner();
    closers.push(() => server.close());
    const target = await startReceiver();
    closers.push(() => target.close());
    const lines: string[] = [];
    const listening = await listen({
      api: server.baseUrl,
      key: fixtureKeys.hooks,
      forwardTo: target.url,
      report: (line) => lines.push(line),
    });
    expect(listening.secret).toBe(localSecret(fixtureKeys.hooks));
    const created = await fetch(`${server.baseUrl}/v2/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fixtureKeys.hooks}`, 'content-type': 'application/json' },
      body: JSON.stringify({ customer: 'cus_acme', lines: [{ sku: 'sku_widget', qty: 1 }] }),
    });
    const order = (await created.json()) as { id: string };
    const deadline = Date.now() + 10_000;
    while (lines.length === 0 && Date.now() < deadline) await new Promise((done) => setTimeout(done, 20));
    const [got] = target.received;
    if (!got) throw new Error('nothing was forwarded');
    const event = new Webhook(listening.secret).verify(got.body, {
      'webhook-id': String(got.headers['webhook-id']),
      'webhook-timestamp': String(got.headers['webhook-timestamp']),
      'webhook-signature': String(got.headers['webhook-signature']),
    });
    expect(event).toMatchObject({ type: 'order.created', data: { object: { id: order.id } } });
    expect(lines[0]).toMatch(new RegExp(`^order\\.created  evt_${order.id.slice(4)}  → 204  \\d+ ms$`));
    await listening.stop();
    const left = await fetch(`${server.baseUrl}/v2/webhooks`, {
      headers: { authorization: `Bearer ${fixtureKeys.hooks}` },
    });
    expect(((await left.json()) as { data: { id: string }[] }).data.map((e) => e.id)).not.toContain(
      listening.endpointId,
    );
  });

  it('names the cause of a forward that fails: connection refused to the target', async () => {
    const server = await serverRunner();
    closers.push(() => server.close());
    const gone = await startReceiver();
    await gone.close();
    const lines: string[] = [];
    const listening = await listen({
      api: server.baseUrl,
      key: fixtureKeys.hooks,
      forwardTo: gone.url,
      report: (line) => lines.push(line),
    });
    closers.push(() => listening.stop());
    await fetch(`${server.baseUrl}/v2/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fixtureKeys.hooks}`, 'content-type': 'application/json' },
      body: JSON.stringify({ customer: 'cus_acme', lines: [{ sku: 'sku_widget', qty: 1 }] }),
    });
    await vi.waitFor(() => expect(lines).not.toHaveLength(0), { timeout: 10_000 });
    expect(lines[0]).toMatch(/→ failed \(connection refused to http:\/\/127\.0\.0\.1:\d+\/\S*\) {2}\d+ ms$/);
  });

  it('times out a forward the target never answers, and prints its line naming the time-out', async () => {
    const server = await serverRunner();
    closers.push(() => server.close());
    const hanging = await startReceiver(() => 'hang');
    closers.push(() => hanging.close());
    const lines: string[] = [];
    const listening = await listen({
      api: server.baseUrl,
      key: fixtureKeys.hooks,
      forwardTo: hanging.url,
      report: (line) => lines.push(line),
      forwardTimeoutMs: 300,
    });
    closers.push(() => listening.stop());
    await fetch(`${server.baseUrl}/v2/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fixtureKeys.hooks}`, 'content-type': 'application/json' },
      body: JSON.stringify({ customer: 'cus_acme', lines: [{ sku: 'sku_widget', qty: 1 }] }),
    });
    await vi.waitFor(() => expect(lines).not.toHaveLength(0), { timeout: 10_000 });
    expect(lines[0]).toMatch(/^order\.created {2}evt_\w+ {2}→ failed \(no answer within 0\.3 s\) {2}\d+ ms$/);
    expect(hanging.received).toHaveLength(1);
  });

  it("relays each of the problem's errors when the API refuses the endpoint", async () => {
    const api = createServer((_request, response) => {
      response.writeHead(422, { 'content-type': 'application/problem+json' });
      response.end(
        JSON.stringify({
          detail: '1 problem in the body',
          errors: [
            { pointer: '/enabled_events/0', detail: 'enabled_events/0 must be one of order.created, *' },
          ],
        }),
      );
    });
    await new Promise<void>((done) => api.listen(0, '127.0.0.1', done));
    closers.push(() => new Promise((done) => api.close(() => done())));
    const { port } = api.address() as AddressInfo;
    await expect(
      listen({
        api: `http://127.0.0.1:${port}`,
        key: fixtureKeys.hooks,
        forwardTo: 'http://127.0.0.1:9/',
        report: () => undefined,
      }),
    ).rejects.toThrow(
      'the API refused the endpoint (422): 1 problem in the body; enabled_events/0 must be one of order.created, *',
    );
  });

  it('refuses a live key', async () => {
    await expect(
      listen({
        api: 'http://127.0.0.1:1',
        key: fixtureKeys.production,
        forwardTo: 'http://127.0.0.1:1',
        report: () => undefined,
      }),
    ).rejects.toThrow(/test-mode/);
  });
});

// Found from outside (probe 12): against an API that accepts and never answers, the registration
// waited 300 s (undici's own time-out), ^C did nothing, and the endpoint it may have made was not
// mentioned.
describe('events:listen against an API that never answers', () => {
  async function frozenApi(): Promise<string> {
    const api = createServer(() => undefined); // reads the request, never answers
    await new Promise<void>((done) => api.listen(0, '127.0.0.1', done));
    closers.push(async () => {
      api.closeAllConnections();
      await new Promise((done) => api.close(done));
    });
    return `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  }
  const options = (api: string) => ({
    api,
    key: fixtureKeys.hooks,
    forwardTo: 'http://127.0.0.1:9/hooks',
    report: () => undefined,
  });

  it('gives up after its time-out, saying an endpoint may be left registered', async () => {
    const api = await frozenApi();
    await expect(listen({ ...options(api), registerTimeoutMs: 300 })).rejects.toThrow(
      /did not answer within 0\.3 s: an endpoint may be LEFT REGISTERED/,
    );
  });

  it('stops waiting at once when aborted (^C while registering)', async () => {
    const api = await frozenApi();
    const abort = new AbortController();
    const listening = listen({ ...options(api), abort: abort.signal });
    setTimeout(() => abort.abort(), 100);
    await expect(listening).rejects.toThrow(/quit while registering: an endpoint may be LEFT REGISTERED/);
  });
});
