// A retry while the first request with the same Idempotency-Key is still being stored is 409, on
// every runner: the store's create is held open until the test lets it finish.
import { describe, expect, it } from 'vitest';
import { useAllRunners } from './all-runners.ts';
import { post, validOrder } from './contract-cases.ts';
import { assertInvariants } from './run-cases.ts';

describe('Idempotency-Key while in flight', () => {
  const runners = useAllRunners();

  it.each(['handler', 'msw', 'server'])('%s: 409 during, 201 after, replay afterwards', async (name) => {
    const runner = runners.named(name);
    const store = await runner.store();
    const create = store.create.bind(store);
    let entered!: () => void;
    let release!: () => void;
    const inStore = new Promise<void>((done) => (entered = done));
    const gate = new Promise<void>((done) => (release = done));
    store.create = async (order) => {
      entered();
      await gate;
      return create(order);
    };
    try {
      const request = post('sandbox', validOrder, { 'idempotency-key': `in-flight-${name}` });
      const first = runner.send(request);
      await inStore;
      const retry = await runner.send(request);
      expect(retry.status).toBe(409);
      assertInvariants(request, retry);
      expect((retry.body as { type: string }).type).toMatch(/idempotency-key-in-use$/);
      release();
      const done = await first;
      expect(done.status).toBe(201);
      const replay = await runner.send(request);
      expect(replay.status).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toEqual(done.body);
    } finally {
      release();
      store.create = create;
    }
  });
});
