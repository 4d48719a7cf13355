// An environment's endpoint limit holds under concurrent registrations, on the embedded default
// and on Postgres: its count and the new endpoint's save are one step. Found from outside (probe
// 12): twelve registrations at once on an environment with ten endpoints made 22.
import { afterEach, describe, expect, it } from 'vitest';
import { eventLimits } from '../../../../src/api/orders/events/event-contract.ts';
import { fixtureKeys } from '../../../../harness/fixture-world.ts';
import { enginesAvailable, useEngines, type Engines } from '../../../helpers/engines.ts';
import { startEngineServer, type EngineServer } from '../../../server/stores/engine-server.ts';

/** A registration with the staging key that holds the webhooks scopes. */
const register = (n: number) => ({
  method: 'POST',
  path: '/v2/webhooks',
  headers: { authorization: `Bearer ${fixtureKeys.hooks}`, 'content-type': 'application/json' },
  body: JSON.stringify({ url: `http://127.0.0.1:9/hooks/${n}`, enabled_events: ['order.created'] }),
});

function limitTests(engine: 'embedded' | 'postgres', engines?: Engines) {
  let api: EngineServer | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  it(`${eventLimits.maxEndpoints + 8} registrations at once make ${eventLimits.maxEndpoints} endpoints`, async () => {
    api = await startEngineServer(
      engine === 'postgres' ? { databaseUrl: await engines?.postgres().createDatabase() } : {},
    );
    const server = api;
    const answers = await Promise.all(
      Array.from({ length: eventLimits.maxEndpoints + 8 }, (_, n) => server.send(register(n))),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(eventLimits.maxEndpoints);
    expect(statuses.filter((s) => s === 422)).toHaveLength(8);
    const list = await server.send({ ...register(0), method: 'GET', body: undefined });
    expect((list.body as { data: unknown[] }).data).toHaveLength(eventLimits.maxEndpoints);
  });
}

describe('the endpoint limit on the embedded default', { timeout: 30_000 }, () => {
  limitTests('embedded');
});

describe.skipIf(!enginesAvailable())('the endpoint limit on Postgres', { timeout: 60_000 }, () => {
  const engines = useEngines();
  limitTests('postgres', engines);
});
