// 1,000 concurrent creates on every runner: the store holds exactly as many orders as 201s were
// sent, and the rpm budget (700) is enforced exactly under concurrency.
import { describe, expect, it } from 'vitest';
import { useAllRunners } from './all-runners.ts';
import { post, validOrder } from './contract-cases.ts';

describe('1,000 concurrent creates', () => {
  const runners = useAllRunners();

  it.each(['handler', 'msw', 'server'])(
    '%s: exactly one stored order per 201, exactly 700 admitted',
    async (name) => {
      const runner = runners.named(name);
      const before = await (await runner.store()).count();
      const responses = await Promise.all(
        Array.from({ length: 1000 }, () => runner.send(post('burst', validOrder))),
      );
      const created = responses.filter((r) => r.status === 201);
      const ids = new Set(created.map((r) => (r.body as { id: string }).id));
      expect(created).toHaveLength(700);
      expect(ids.size).toBe(700);
      expect(responses.filter((r) => r.status === 429)).toHaveLength(300);
      expect((await (await runner.store()).count()) - before).toBe(created.length);
      for (const id of ids) expect((await (await runner.store()).get(id))?.id).toBe(id);
    },
  );
});
