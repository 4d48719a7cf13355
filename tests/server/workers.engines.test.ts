// Two worker processes on one port, sharing Postgres and Redis (issue 16's proofs): a 60-rpm key
// hammered with 200 concurrent requests gets exactly 60 × 201; 50 concurrent requests with one
// Idempotency-Key create one order; after kill -9 of a worker under load every 201'd order is in
// Postgres, and the primary has started another worker; while workers are killed under load no
// connection waits forever (each worker has its own SO_REUSEPORT socket, which dies with it); a
// replacement killed while it boots is replaced in turn; Redis and Postgres restart under load.
import { readFileSync, rmSync } from 'node:fs';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { SourceWorld } from '../../src/api/orders/world-deps.ts';
import { childPids } from '../../scripts/engines/processes.ts';
import { validOrder } from '../api/orders/contract-cases.ts';
import { fixtureWorld } from '../../harness/fixture-world.ts';
import { fetchAnswer } from '../api/orders/runners.ts';
import { enginesAvailable, useEngines } from '../helpers/engines.ts';
import { until } from '../helpers/poll.ts';
import { expectOnlyOutages, restartRedisThenPostgres, startLoad, startLoops } from './load.ts';
import { sendRaw } from './raw-http.ts';
import { writeFixtureWorkspace, type ServerFiles } from '../../harness/fixture-workspace.ts';
import { killServer, spawnServer, type SpawnedServer } from '../../harness/spawn-server.ts';

const sixtyRpm = `sk_test_${'SixtyRpm1'.padEnd(24, 'x')}`;
const fuzz = fixtureWorld.keys.find((k) => k.key_id === 'key_fuzz');
const world: SourceWorld = {
  ...fixtureWorld,
  keys: [...fixtureWorld.keys, { ...fuzz!, key_id: 'key_sixty', rpm_budget: 60, material: sixtyRpm }],
};
const fuzzKey = fuzz!.material;

/** A POST /v2/orders with `material` as the bearer key. */
const create = (material: string, headers: Record<string, string> = {}) => ({
  method: 'POST',
  path: '/v2/orders',
  headers: { authorization: `Bearer ${material}`, 'content-type': 'application/json', ...headers },
  body: JSON.stringify(validOrder),
});

/** Bytes a process has written through system calls (sockets included), from /proc/<pid>/io. */
function bytesWritten(pid: number): number {
  return Number(/^wchar:\s+(\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1]);
}

// Spawning workers and loading them takes seconds on a quiet machine and much longer on a busy one.
describe.skipIf(!enginesAvailable())(
  'two workers on one port, on Postgres and Redis',
  { timeout: 120_000 },
  () => {
    const engines = useEngines();
    let files: ServerFiles | undefined;
    let running: SpawnedServer | undefined;
    let databaseUrl = '';
    afterEach(async () => {
      if (running) await killServer(running);
      running = undefined;
      if (files) rmSync(files.dir, { recursive: true, force: true });
    });
    let redisDb = 0;
    async function startWorkers(): Promise<SpawnedServer> {
      files = await writeFixtureWorkspace(world);
      databaseUrl = await engines.postgres().createDatabase();
      const env = { DATABASE_URL: databaseUrl, REDIS_URL: `${engines.redis().url}/${++redisDb}` };
      running = await spawnServer(files, { env, args: ['--workers', '2'] });
      await until('two workers', () => childPids(running?.child.pid ?? 0).length === 2, {
        timeoutMs: 60_000,
      });
      return running;
    }
    async function ordersInPostgres(): Promise<Set<string>> {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        return new Set((await client.query<{ id: string }>('select id from orders')).rows.map((r) => r.id));
      } finally {
        await client.end();
      }
    }

    it('admits exactly 60 of 200 concurrent requests for a 60-rpm key', async () => {
      const server = await startWorkers();
      // All 200 must fall in one clock minute, so do not start in its last seconds.
      await until('a fresh minute', () => Date.now() % 60_000 < 40_000, { timeoutMs: 25_000 });
      const workers = childPids(server.child.pid ?? 0);
      const written = workers.map(bytesWritten);
      const answers = await Promise.all(
        Array.from({ length: 200 }, () => fetchAnswer(server.baseUrl + '/v2/orders', create(sixtyRpm))),
      );
      // Both workers answered a share of them (each wrote at least 40 answers' worth of bytes).
      expect(workers.map((pid, i) => bytesWritten(pid) - (written[i] ?? 0) > 40 * 300)).toEqual([true, true]);
      expect(answers.filter((a) => a.status === 201)).toHaveLength(60);
      expect(answers.filter((a) => a.status === 429)).toHaveLength(140);
      expect((await ordersInPostgres()).size).toBe(60);
    });

    it('creates one order for 50 concurrent requests with one Idempotency-Key', async () => {
      const server = await startWorkers();
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          fetchAnswer(server.baseUrl + '/v2/orders', create(fuzzKey, { 'idempotency-key': 'one-order' })),
        ),
      );
      const ids = new Set(answers.filter((a) => a.status === 201).map((a) => (a.body as { id: string }).id));
      expect(ids.size).toBe(1);
      expect(answers.every((a) => a.status === 201 || a.status === 409)).toBe(true);
      expect(await ordersInPostgres()).toEqual(ids);
    });

    it('keeps every 201 in Postgres when a worker is killed with -9 under load, and replaces the worker', async () => {
      const server = await startWorkers();
      const load = startLoad(() => fetchAnswer(server.baseUrl + '/v2/orders', create(fuzzKey)), 16);
      await load.progress('orders before the kill', 30);
      const [victim] = childPids(server.child.pid ?? 0);
      process.kill(victim!, 'SIGKILL');
      await until(
        'a replacement worker',
        () => {
          const workers = childPids(server.child.pid ?? 0);
          return workers.length === 2 && !workers.includes(victim!);
        },
        { timeoutMs: 60_000 },
      );
      await load.progress('orders after the kill', 30);
      await load.stop();
      // The killed worker's open requests end without an answer (load.failures): never acknowledged.
      expect([...load.statuses.keys()]).toEqual([201]);
      const stored = await ordersInPostgres();
      expect(load.acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    });

    it('restarting Redis, then Postgres, under load: 201 or 503 with Retry-After, every 201 stored, no worker replaced', async () => {
      const server = await startWorkers();
      const workers = childPids(server.child.pid ?? 0);
      const load = startLoad(() => fetchAnswer(server.baseUrl + '/v2/orders', create(fuzzKey)), 16);
      await restartRedisThenPostgres(load, engines);
      expectOnlyOutages(load);
      const stored = await ordersInPostgres();
      expect(load.acknowledged.filter((id) => !stored.has(id))).toEqual([]);
      // Both workers recovered by themselves: none died and none was replaced.
      expect(childPids(server.child.pid ?? 0).sort()).toEqual(workers.sort());
    });

    it('answers or resets every connection within 15 s while workers are killed with -9 under load', async () => {
      const server = await startWorkers();
      const port = Number(new URL(server.baseUrl).port);
      const outcomes = { answered: 0, reset: 0, hung: 0 };
      const statuses = new Set<number>();
      // A fresh connection per request (no keep-alive), so connections keep arriving during the kills.
      // A killed worker's own connections are reset; any other connection must get its answer.
      const loops = startLoops(12, async () => {
        try {
          const answer = await sendRaw(port, { ...create(fuzzKey), target: '/v2/orders' }, 15_000);
          statuses.add(answer.status);
          outcomes.answered++;
        } catch (error) {
          if (String(error).includes('no answer')) outcomes.hung++;
          else outcomes.reset++;
        }
      });
      // Kill a serving worker four times; each time wait until its replacement serves too.
      for (let kill = 0; kill < 4; kill++) {
        const before = outcomes.answered;
        await until('answers before the kill', () => outcomes.answered >= before + 20, { timeoutMs: 60_000 });
        const [victim, survivor] = childPids(server.child.pid ?? 0);
        process.kill(victim!, 'SIGKILL');
        const replacement = await until(
          'a replacement worker',
          () => childPids(server.child.pid ?? 0).find((pid) => pid !== victim && pid !== survivor),
          { timeoutMs: 60_000 },
        );
        const written = bytesWritten(replacement);
        await until('the replacement serving', () => bytesWritten(replacement) - written > 10 * 300, {
          timeoutMs: 60_000,
        });
      }
      await loops.stop();
      expect(outcomes.hung).toBe(0);
      expect([...statuses]).toEqual([201]);
      expect(outcomes.answered).toBeGreaterThan(80);
    });

    it('replaces a replacement that is killed before it listens, and keeps serving', async () => {
      const server = await startWorkers();
      const port = Number(new URL(server.baseUrl).port);
      const [victim, survivor] = childPids(server.child.pid ?? 0);
      process.kill(victim!, 'SIGKILL');
      const isNew = (pid: number, known: (number | undefined)[]) => !known.includes(pid);
      const booting = await until(
        'a replacement worker',
        () => childPids(server.child.pid ?? 0).find((pid) => isNew(pid, [victim, survivor])),
        { timeoutMs: 60_000, everyMs: 2 },
      );
      process.kill(booting, 'SIGKILL');
      const third = await until(
        'another replacement',
        () => childPids(server.child.pid ?? 0).find((pid) => isNew(pid, [victim, survivor, booting])),
        { timeoutMs: 60_000 },
      );
      const written = bytesWritten(third);
      // Fresh connections, spread by the kernel over both workers once the third listens.
      await until(
        'the third worker serving',
        async () => {
          const answers = await Promise.all(
            Array.from({ length: 20 }, () => sendRaw(port, { ...create(fuzzKey), target: '/v2/orders' })),
          );
          expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
          return bytesWritten(third) - written > 5 * 300;
        },
        { timeoutMs: 60_000 },
      );
      expect(server.child.exitCode).toBeNull();
    });

    it('stops every worker on SIGTERM to the primary', async () => {
      const server = await startWorkers();
      const workers = childPids(server.child.pid ?? 0);
      const exited = new Promise<number | null>((done) => server.child.once('exit', done));
      server.child.kill('SIGTERM');
      expect(await exited).toBe(0);
      running = undefined;
      for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
    });
  },
);
