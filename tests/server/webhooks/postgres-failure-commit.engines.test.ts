// A failed attempt is recorded with its delivery's next step in one commit, on Postgres: whichever
// statement after the attempt fails (refused before it ran, or run with its answer lost, as a kill
// -9 or a reset would leave it), the attempt log and the delivery never disagree. A retrying attempt
// is on record exactly when the delivery waits for the next attempt at its next_at; a failed one or
// a 410's exactly when the delivery is settled. (Two commits once left "retrying" logged and the
// delivery leased at the same attempt, sent again as that attempt once the lease ended.)
import { describe, expect, it, vi } from 'vitest';
import { enginesAvailable } from '../../helpers/engines.ts';
import { endpointAt, orderAt } from './fixture.ts';
import { usePostgresQueues, type Worker } from './postgres-queue-session.ts';

interface Delivery {
  attempt: number;
  due_ms: number;
  leased: boolean;
}

interface Logged {
  attempt: number;
  outcome: string;
  next_ms: number | null;
}

/** The failure paths: the receiver's status, the attempt the delivery is at, and what agrees. */
const cases = [
  {
    path: 'retry (500 on attempt 1)',
    status: 500,
    attempt: 1,
    agree: (log: Logged[], d: Delivery | undefined) =>
      log.length === 0
        ? d?.attempt === 1
        : log.length === 1 &&
          log[0]?.outcome === 'retrying' &&
          d?.attempt === 2 &&
          !d.leased &&
          d.due_ms === log[0].next_ms,
  },
  {
    path: 'give up (500 on attempt 8)',
    status: 500,
    attempt: 8,
    agree: (log: Logged[], d: Delivery | undefined) =>
      log.length === 0 ? d?.attempt === 8 : log[0]?.outcome === 'failed' && d === undefined,
  },
  {
    path: 'gone (410)',
    status: 410,
    attempt: 1,
    agree: (log: Logged[], d: Delivery | undefined) =>
      log.length === 0 ? d?.attempt === 1 : log[0]?.outcome === 'endpoint-disabled' && d === undefined,
  },
];

/** The way the n-th statement fails: refused before it runs, or run and its answer lost. */
const modes = ['refused', 'answer lost'] as const;

describe.skipIf(!enginesAvailable())('deliveries in Postgres: a failed attempt is one commit', () => {
  const { engines, worker, receiver } = usePostgresQueues();

  /** The attempt log and the delivery of evt_test1 as stored. */
  async function stored(w: Worker): Promise<{ log: Logged[]; delivery: Delivery | undefined }> {
    const log = await w.db.query<Logged>(
      'log',
      `select attempt, outcome, (extract(epoch from next_at) * 1000)::float8 as next_ms
       from webhook_attempts order by seq`,
      [],
    );
    const [delivery] = await w.db.query<Delivery>(
      'delivery',
      `select attempt, (extract(epoch from due_at) * 1000)::float8 as due_ms,
              locked_until is not null as leased
       from webhook_deliveries`,
      [],
    );
    return { log, delivery };
  }

  describe.each(cases)('$path', ({ status, attempt, agree }) => {
    it.each(modes)('the log and the delivery agree whichever statement fails (%s)', async (mode) => {
      // the statements after the attempt, failed one at a time until one run fails none of them
      for (let n = 0; n < 8; n++) {
        const url = await engines.postgres().createDatabase();
        let answered = false;
        const r = await receiver(() => ((answered = true), { status }));
        const w = worker(url);
        const now = Date.now();
        await w.webhooks.save(endpointAt(r.url, now - 60_000));
        await w.orders.create(orderAt(1, now - 1000));
        await w.db.query('at', 'update webhook_deliveries set attempt = $1', [attempt]);
        const query = w.db.query.bind(w.db);
        let after = 0;
        let injected = false;
        vi.spyOn(w.db, 'query').mockImplementation(async (name, sql, values) => {
          if (!answered || after++ !== n) return query(name, sql, values);
          injected = true;
          if (mode === 'answer lost') await query(name, sql, values);
          throw new Error(`connection reset (${name})`);
        });
        await w.queue.runDue().catch(() => undefined);
        vi.restoreAllMocks();
        const { log, delivery } = await stored(w);
        expect(agree(log, delivery), `statement ${n} failed: ${JSON.stringify({ log, delivery })}`).toBe(
          true,
        );
        if (!injected) return; // every statement after the attempt has been failed once
      }
      throw new Error('more than 8 statements after one failed attempt');
    });
  });
});
