// Resend and recover through the HTTP API, on the embedded default and on Postgres: an endpoint
// that answered 410 is disabled and misses what follows; recover since a time enables it and sends
// every event it has not received (nothing twice: a second recover queues none); resend sends one
// event again; bad input is problem+json naming the field.
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiRequest, ApiResponse } from '../contract-types.ts';
import { fixtureKeys } from '../../../../harness/fixture-world.ts';
import { startReceiver, type Receiver } from '../../../../harness/webhook-receiver.ts';
import { enginesAvailable, useEngines, type Engines } from '../../../helpers/engines.ts';
import { until } from '../../../helpers/poll.ts';
import { startEngineServer, type EngineServer } from '../../../server/stores/engine-server.ts';

const order = { customer: 'cus_acme', lines: [{ sku: 'sku_widget', qty: 1 }] };

/** A request with the staging key that holds the webhooks scopes. */
const send = (method: string, path: string, body?: unknown): ApiRequest => ({
  method,
  path,
  headers: {
    authorization: `Bearer ${fixtureKeys.hooks}`,
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
  },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});
const errorsOf = (res: ApiResponse) => (res.body as { errors?: { pointer: string; code: string }[] }).errors;
const idOf = (res: ApiResponse) => (res.body as { id: string }).id;
const eventOf = (orderId: string) => `evt_${orderId.slice(4)}`;

function recoveryTests(engine: 'embedded' | 'postgres', engines?: Engines) {
  let api: EngineServer | undefined;
  let receiver: Receiver | undefined;
  afterEach(async () => {
    await api?.close();
    await receiver?.close();
    api = receiver = undefined;
  });

  /** A server on the engine, a receiver answering 410 first, then 204, and an endpoint at it. */
  async function gone() {
    api = await startEngineServer(
      engine === 'postgres' ? { databaseUrl: await engines?.postgres().createDatabase() } : {},
    );
    receiver = await startReceiver((n) => ({ status: n === 0 ? 410 : 204 }));
    const made = await api.send(
      send('POST', '/v2/webhooks', { url: receiver.url, enabled_events: ['order.created'] }),
    );
    expect(made.status).toBe(201);
    return { api, receiver, endpoint: idOf(made) };
  }

  const endpointStatus = async (a: EngineServer, id: string) => {
    const list = (await a.send(send('GET', '/v2/webhooks'))).body as {
      data: { id: string; status: string }[];
    };
    return list.data.find((e) => e.id === id)?.status;
  };

  it('recover enables an endpoint a 410 disabled and sends every event it missed, once', async () => {
    const { api, receiver, endpoint } = await gone();
    const since = new Date(Date.now() - 1000).toISOString();
    const first = idOf(await api.send(send('POST', '/v2/orders', order)));
    await until(
      'the 410 disables the endpoint',
      async () => (await endpointStatus(api, endpoint)) === 'disabled',
    );
    const later = [
      idOf(await api.send(send('POST', '/v2/orders', order))),
      idOf(await api.send(send('POST', '/v2/orders', order))),
    ];
    expect(receiver.received).toHaveLength(1);

    const recovered = await api.send(send('POST', `/v2/webhooks/${endpoint}/recover`, { since }));
    expect(recovered.status).toBe(202);
    expect(recovered.body).toMatchObject({
      object: 'webhook_requeue',
      endpoint_id: endpoint,
      queued: 3,
      enabled: true,
    });
    expect(await endpointStatus(api, endpoint)).toBe('enabled');
    await until('the three missed events arrive', () => receiver.received.length === 4);
    const ids = receiver.received.slice(1).map((r) => String(r.headers['webhook-id']));
    expect(ids.sort()).toEqual([first, ...later].map(eventOf).sort());

    const again = await api.send(send('POST', `/v2/webhooks/${endpoint}/recover`, { since }));
    expect(again.body).toMatchObject({ queued: 0, enabled: false });
  });

  it('resend sends one event again, even one delivered', async () => {
    const { api, receiver, endpoint } = await gone();
    const orderId = idOf(await api.send(send('POST', '/v2/orders', order)));
    await until(
      'the 410 disables the endpoint',
      async () => (await endpointStatus(api, endpoint)) === 'disabled',
    );
    const resent = await api.send(
      send('POST', `/v2/webhooks/${endpoint}/resend`, { event_id: eventOf(orderId) }),
    );
    expect(resent.status).toBe(202);
    expect(resent.body).toMatchObject({ queued: 1, event_ids: [eventOf(orderId)], enabled: true });
    await until('the resend arrives', () => receiver.received.length === 2);
    await api.send(send('POST', `/v2/webhooks/${endpoint}/resend`, { event_id: eventOf(orderId) }));
    await until('the second resend arrives', () => receiver.received.length === 3);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id']))).toEqual(
      new Set([eventOf(orderId)]),
    );
  });

  it('refuses bad input with problem+json naming the field', async () => {
    const { api, endpoint } = await gone();
    const cases: [string, unknown, number, string | null][] = [
      // an event that does not exist
      ['resend', { event_id: 'evt_nothing' }, 422, '/event_id'],
      // not an event id at all
      ['resend', { event_id: 'ord_1' }, 422, '/event_id'],
      // a time in the future
      ['recover', { since: new Date(Date.now() + 3_600_000).toISOString() }, 422, '/since'],
      // not a time
      ['recover', { since: 'yesterday' }, 422, '/since'],
      // an unknown field
      ['recover', { since: 0, until: 1 }, 422, '/until'],
    ];
    for (const [action, body, status, pointer] of cases) {
      const res = await api.send(send('POST', `/v2/webhooks/${endpoint}/${action}`, body));
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.headers['content-type']).toMatch(/problem\+json/);
      if (pointer !== null) expect(errorsOf(res)?.map((e) => e.pointer)).toContain(pointer);
    }
    const unknown = await api.send(send('POST', '/v2/webhooks/we_nothing/recover', { since: 0 }));
    expect(unknown.status).toBe(404);
    const get = await api.send(send('GET', `/v2/webhooks/${endpoint}/recover`));
    expect(get.status).toBe(405);
  });
}

describe('resend and recover on the embedded default', { timeout: 30_000 }, () => {
  recoveryTests('embedded');
});

describe.skipIf(!enginesAvailable())('resend and recover on Postgres', { timeout: 60_000 }, () => {
  const engines = useEngines();
  recoveryTests('postgres', engines);
});
