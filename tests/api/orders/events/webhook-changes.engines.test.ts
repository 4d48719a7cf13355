// Changes of one endpoint take turns, on the embedded default and on Postgres: every roll answered
// 200 signs (and no more secrets than allowed), and a delete racing a roll or a resend leaves the
// endpoint deleted. Found from outside (probe 12): eight rolls at once all answered 200 and only
// the last one's secret signed; a roll or a resend finishing after a delete brought it back.
import { afterEach, describe, expect, it } from 'vitest';
import { eventLimits } from '../../../../src/api/orders/events/event-contract.ts';
import type { ApiResponse } from '../contract-types.ts';
import { enginesAvailable, useEngines, type Engines } from '../../../helpers/engines.ts';
import { startEngineServer, type EngineServer } from '../../../server/stores/engine-server.ts';
import { send } from '../cases/events.ts';
import { startReceiver, type Receiver } from '../../../../harness/webhook-receiver.ts';
import { until } from '../../../helpers/poll.ts';

const hook = { url: 'http://127.0.0.1:9/hooks', enabled_events: ['order.created'] };
const order = { customer: 'cus_acme', lines: [{ sku: 'sku_widget', qty: 1 }] };
const idOf = (res: ApiResponse) => (res.body as { id: string }).id;
const secretOf = (res: ApiResponse) => (res.body as { secret: string }).secret;

function changeTests(engine: 'embedded' | 'postgres', engines?: Engines) {
  let api: EngineServer | undefined;
  let receiver: Receiver | undefined;
  afterEach(async () => {
    await api?.close();
    await receiver?.close();
    api = receiver = undefined;
  });

  async function endpoint(url = hook.url): Promise<{ server: EngineServer; id: string }> {
    api = await startEngineServer(
      engine === 'postgres' ? { databaseUrl: await engines?.postgres().createDatabase() } : {},
    );
    const made = await api.send(send('hooks', 'POST', '/v2/webhooks', { ...hook, url }));
    expect(made.status).toBe(201);
    return { server: api, id: idOf(made) };
  }
  const listedIds = async (server: EngineServer) =>
    ((await server.send(send('hooks', 'GET', '/v2/webhooks'))).body as { data: { id: string }[] }).data.map(
      (e) => e.id,
    );

  it('rolls at once: each one answered 200 signs, and the rest are refused', async () => {
    const { server, id } = await endpoint();
    const rolls = await Promise.all(
      Array.from({ length: 8 }, () => server.send(send('hooks', 'POST', `/v2/webhooks/${id}/roll-secret`))),
    );
    const rolled = rolls.filter((r) => r.status === 200);
    expect(rolled).toHaveLength(eventLimits.maxSigningSecrets - 1);
    expect(rolls.filter((r) => r.status === 422)).toHaveLength(8 - rolled.length);
    const stored = server.server();
    const endpointNow = await stored.api.deps.webhooks?.get(id);
    const signing = endpointNow?.secrets.map((s) => s.secret) ?? [];
    for (const roll of rolled) expect(signing).toContain(secretOf(roll));
    expect(signing).toHaveLength(eventLimits.maxSigningSecrets);
  });

  it('a delete racing a roll leaves the endpoint deleted', async () => {
    const { server, id } = await endpoint();
    const [deleted] = await Promise.all([
      server.send(send('hooks', 'DELETE', `/v2/webhooks/${id}`)),
      server.send(send('hooks', 'POST', `/v2/webhooks/${id}/roll-secret`)),
    ]);
    expect(deleted.status).toBe(200);
    expect(await listedIds(server)).not.toContain(id);
    await server.restart();
    expect(await listedIds(server)).not.toContain(id);
  });

  it('a delete racing a resend that enables the endpoint leaves it deleted', async () => {
    receiver = await startReceiver(() => ({ status: 410 }));
    const { server, id } = await endpoint(receiver.url);
    const orderId = idOf(await server.send(send('hooks', 'POST', '/v2/orders', order)));
    await until('the 410 disables the endpoint', async () =>
      (
        (await server.send(send('hooks', 'GET', '/v2/webhooks'))).body as { data: { status: string }[] }
      ).data.some((e) => e.status === 'disabled'),
    );
    const [deleted, resent] = await Promise.all([
      server.send(send('hooks', 'DELETE', `/v2/webhooks/${id}`)),
      server.send(
        send('hooks', 'POST', `/v2/webhooks/${id}/resend`, { event_id: `evt_${orderId.slice(4)}` }),
      ),
    ]);
    expect(deleted.status).toBe(200);
    expect([202, 404]).toContain(resent.status);
    expect(await listedIds(server)).not.toContain(id);
    await server.restart();
    expect(await listedIds(server)).not.toContain(id);
  });
}

describe('changes of an endpoint on the embedded default', { timeout: 30_000 }, () => {
  changeTests('embedded');
});

describe.skipIf(!enginesAvailable())('changes of an endpoint on Postgres', { timeout: 60_000 }, () => {
  const engines = useEngines();
  changeTests('postgres', engines);
});
