// Registrations on the embedded default and on Postgres, found from outside (probe 12): the
// environment's endpoint limit holds under concurrent registrations (twelve at once on an
// environment with ten endpoints made 22), and an Idempotency-Key makes a retried registration
// the same endpoint (it made a second one), across a restart too.
import { afterEach, describe, expect, it } from 'vitest';
import { eventLimits } from '../../../../src/api/orders/events/event-contract.ts';
import { fixtureKeys } from '../../../../harness/fixture-world.ts';
import { enginesAvailable, useEngines, type Engines } from '../../../helpers/engines.ts';
import { startEngineServer, type EngineServer } from '../../../server/stores/engine-server.ts';

/** A registration with the staging key that holds the webhooks scopes. */
const register = (n: number, idempotencyKey?: string) => ({
  method: 'POST',
  path: '/v2/webhooks',
  headers: {
    authorization: `Bearer ${fixtureKeys.hooks}`,
    'content-type': 'application/json',
    ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
  },
  body: JSON.stringify({ url: `http://127.0.0.1:9/hooks/${n}`, enabled_events: ['order.created'] }),
});
const listed = async (api: EngineServer) =>
  ((await api.send({ ...register(0), method: 'GET', body: undefined })).body as { data: { id: string }[] })
    .data;

function registrationTests(engine: 'embedded' | 'postgres', engines?: Engines) {
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
    expect(await listed(server)).toHaveLength(eventLimits.maxEndpoints);
  });

  it('makes one endpoint for one Idempotency-Key, sent at once or again after a restart', async () => {
    api = await startEngineServer(
      engine === 'postgres' ? { databaseUrl: await engines?.postgres().createDatabase() } : {},
    );
    const server = api;
    const answers = await Promise.all([0, 1, 2, 3].map(() => server.send(register(1, 'hook-1'))));
    const made = answers.filter((a) => a.status === 201);
    // Each is the endpoint itself: registrations take turns, so a retry waits for the first.
    expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
    const ids = new Set(made.map((a) => (a.body as { id: string }).id));
    expect(ids.size).toBe(1);
    expect(made.filter((a) => 'secret' in (a.body as object))).toHaveLength(1);
    await server.restart();
    const again = await server.send(register(1, 'hook-1'));
    expect([again.status, again.headers['idempotent-replayed']]).toEqual([201, 'true']);
    expect((again.body as { id: string; secret?: string }).id).toBe([...ids][0]);
    expect(again.body).not.toHaveProperty('secret');
    const reused = await server.send(register(2, 'hook-1'));
    expect([reused.status, (reused.body as { code: string }).code]).toEqual([422, 'idempotency_key_reused']);
    expect(await listed(server)).toHaveLength(1);
  });
}

describe('registrations on the embedded default', { timeout: 30_000 }, () => {
  registrationTests('embedded');
});

describe.skipIf(!enginesAvailable())('registrations on Postgres', { timeout: 60_000 }, () => {
  const engines = useEngines();
  registrationTests('postgres', engines);
});
