// Registering an endpoint through the handler with the server's URL check: the documented override
// (ESTATE_WEBHOOKS_ALLOW_PRIVATE=1) lets a live key use loopback and private networks whether the
// URL names them by host name or by address; metadata addresses stay refused.
import { describe, expect, it } from 'vitest';
import { handleOrders } from '../../../../src/api/orders/handler.ts';
import { depsFromWorld } from '../../../../src/api/orders/world-deps.ts';
import { guardedLookupCheck } from '../../../../server/webhooks/sender.ts';
import { fixtureKeys, fixtureWorld, sequentialIds } from '../../../../harness/fixture-world.ts';
import { fixedClock } from '../runners.ts';

/** Registers `url` with the live key on a handler whose URL check has `allowPrivate`. */
async function register(url: string, allowPrivate: boolean): Promise<{ status: number; body: string }> {
  const deps = await depsFromWorld(fixtureWorld, { clock: fixedClock, ids: sequentialIds() });
  deps.checkWebhookUrl = (u, livemode) => guardedLookupCheck(u, livemode, allowPrivate);
  const response = await handleOrders(
    {
      method: 'POST',
      path: '/v2/webhooks',
      headers: { authorization: `Bearer ${fixtureKeys.hooksLive}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url, enabled_events: ['order.created'] }),
    },
    deps,
  );
  return { status: response.status, body: response.body };
}

const privateUrls = [
  'https://10.0.0.5/hooks',
  'https://192.168.1.1/hooks',
  'https://127.0.0.1:4610/ok',
  'https://localhost:4610/ok',
  'https://[::1]:4610/ok',
];

describe('POST /v2/webhooks with ESTATE_WEBHOOKS_ALLOW_PRIVATE=1', () => {
  it.each(privateUrls)('a live key may register %s', async (url) => {
    expect(await register(url, true)).toMatchObject({ status: 201 });
  });

  it.each(['https://169.254.169.254/latest', 'https://[fd00:ec2::254]/'])(
    'a metadata address stays refused: %s',
    async (url) => {
      const answer = await register(url, true);
      expect(answer.status).toBe(422);
      expect(answer.body).toContain('metadata');
    },
  );

  it.each(privateUrls)('without the override, a live key may not register %s', async (url) => {
    expect(await register(url, false)).toMatchObject({ status: 422 });
  });
});
