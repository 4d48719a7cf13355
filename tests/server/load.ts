// Load for the fault and durability tests: a number of loops sending requests back to back (the one
// loop every such test uses), counting what comes back, until stopped; progress is awaited by
// polling, never by sleeping. And issue 16's outage
// under load: Redis, then Postgres, restarted while orders keep coming.
import { expect } from 'vitest';
import type { ApiResponse } from '../api/orders/contract-types.ts';
import type { Engines } from '../helpers/engines.ts';
import { until } from '../helpers/poll.ts';

/** Requests in flight until `stop`: what they got, and a way to wait for more 201s. */
export interface Load {
  /** The ids of the orders answered 201, in order. */
  acknowledged: string[];
  /** How many answers of each status. */
  statuses: Map<number, number>;
  /** Answers other than a 201 or a 503 with Retry-After (an outage may cost those, nothing else). */
  unexpected: ApiResponse[];
  /** Requests that got no answer (the connection failed), with the error. */
  failures: unknown[];
  /** Waits (at most `timeoutMs`) until `count` more orders have been acknowledged. */
  progress(what: string, count: number, timeoutMs?: number): Promise<void>;
  /** Stops sending and waits for the requests in flight. */
  stop(): Promise<void>;
}

/** Loops running until stopped. */
export interface Loops {
  /** Stops them and waits for each to finish its step in flight. */
  stop(): Promise<void>;
}

/**
 * Starts `concurrency` loops, each calling `step` again as soon as it resolves, until stopped; a
 * loop whose step resolves `false` ends there.
 */
export function startLoops(concurrency: number, step: () => Promise<boolean | void>): Loops {
  let stopped = false;
  const loops = Array.from({ length: concurrency }, async () => {
    while (!stopped) if ((await step()) === false) return;
  });
  return {
    stop: async () => {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

/**
 * Starts `concurrency` loops, each calling `send` again as soon as it is answered. With
 * `endOnFailure`, a loop ends at its first request without an answer (the server was killed).
 */
export function startLoad(
  send: () => Promise<ApiResponse>,
  concurrency: number,
  { endOnFailure = false } = {},
): Load {
  const acknowledged: string[] = [];
  const statuses = new Map<number, number>();
  const unexpected: ApiResponse[] = [];
  const failures: unknown[] = [];
  const loops = startLoops(concurrency, async () => {
    try {
      const answer = await send();
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
      if (answer.status === 201) acknowledged.push((answer.body as { id: string }).id);
      else if (answer.status !== 503 || answer.headers['retry-after'] === undefined) unexpected.push(answer);
    } catch (error) {
      failures.push(error);
      if (endOnFailure) return false;
    }
    return true;
  });
  return {
    acknowledged,
    statuses,
    unexpected,
    failures,
    progress: async (what, count, timeoutMs = 60_000) => {
      const before = acknowledged.length;
      await until(what, () => acknowledged.length >= before + count, { timeoutMs });
    },
    stop: () => loops.stop(),
  };
}

/** Restarts Redis (killed), then Postgres (crashed), waiting for 100 more orders before and after each. */
export async function restartRedisThenPostgres(load: Load, engines: Engines): Promise<void> {
  await load.progress('orders before the restarts', 100);
  await engines.redis().stop('SIGKILL');
  await engines.redis().start();
  await load.progress('orders after Redis came back', 100);
  await engines.postgres().stop('immediate');
  await engines.postgres().start();
  await load.progress('orders after Postgres came back', 100);
  await load.stop();
}

/** What an outage may cost: some 503s with Retry-After, nothing else (no 500, no unanswered request). */
export function expectOnlyOutages(load: Load): void {
  expect(load.unexpected).toEqual([]);
  expect(load.failures).toEqual([]);
  expect([...load.statuses.keys()].sort()).toEqual([201, 503]);
}
