// A failed attempt is recorded with its delivery's next step in one commit, on Postgres: whichever
// statement after the attempt fails (refused before it ran, or run with its answer lost, as a kill
// -9 or a reset would leave it), the attempt log and the delivery never disagree. A retrying attempt
// is on record exactly when the delivery waits for the next attempt at its next_at; a failed one or
// a 410's exactly when the delivery is settled. (Two commits once left "retrying" logged and the
// delivery leased at the same attempt, sent again as that attempt once the lease ended.) An attempt
// that disables its endpoint (a 410, or 5 days of failure) is on record exactly when the endpoint is
// disabled and its one `endpoint.disabled` raised (a kill between them once left it enabled).
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

/** The endpoint as stored: whether it is disabled, and how many `endpoint.disabled` were raised. */
interface Endpoint {
  disabled: boolean;
  said: number;
}

const untouched = (e: Endpoint) => !e.disabled && e.said === 0;
const disabledOnce = (e: Endpoint) => e.disabled && e.said === 1;

/** The failure paths: the receiver's status, the attempt the delivery is at, and what agrees. */
const cases = [
  {
    path: 'retry (500 on attempt 1)',
    status: 500,
    attempt: 1,
    agree: (log: Logged[], d: Delivery | undefined, e: Endpoint) =>
      untouched(e) &&
      (log.length === 0
        ? d?.attempt === 1
        : log.length === 1 &&
          log[0]?.outcome === 'retrying' &&
          d?.attempt === 2 &&
          !d.leased &&
          d.due_ms === log[0].next_ms),
  },
  {
    path: 'give up (500 on attempt 8)',
    status: 500,
    attempt: 8,
    agree: (log: Logged[], d: Delivery | undefined, e: Endpoint) =>
      untouched(e) && (log.length === 0 ? d?.attempt === 8 : log[0]?.outcome === 'failed' && d === undefined),
  },
  {
    path: 'gone (410)',
    status: 410,
    attempt: 1,
    agree: (log: Logged[], d: Delivery | undefined, e: Endpoint) =>
      log.length === 0
        ? d?.attempt === 1 && untouched(e)
        : log[0]?.outcome === 'endpoint-disabled' && d === undefined && disabledOnce(e),
  },
  {
    path: 'failing for 5 days (500 on attempt 3)',
    status: 500,
    attempt: 3,
    failingDays: 6,
    agree: (log: Logged[], d: Delivery | undefined, e: Endpoint) =>
      log.length === 0
        ? d?.attempt === 3 && untouched(e)
        : log[0]?.outcome === 'endpoint-disabled' && d === undefined && disabledOnce(e),
  },
];

/** The way the n-th statement fails: refused before it runs, or run and its answer lost. */
const modes = ['refused', 'answer lost'] as const;

describe.skipIf(!enginesAvailable())('deliveries in Postgres: a failed attempt is one commit', () => {
  const { engines, worker, receiver } = usePostgresQueues();

  /** The attempt log, the delivery of evt_test1 and its endpoint as stored. */
  async function stored(w: Worker): Promise<{ log: Logged[]; delivery: Delivery | undefined; e: Endpoint }> {
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
    const [e] = await w.db.query<Endpoint>(
      'endpoint',
      `select status = 'disabled' as disabled,
              (select count(*)::int from events where type = 'endpoint.disabled') as said
       from webhook_endpoints`,
      [],
    );
    return { log, delivery, e: e ?? { disabled: false, said: -1 } };
  }

  describe.each(cases)('$path', ({ status, attempt, failingDays, agree }) => {
    it.each(modes)(
      'the log, the delivery and the endpoint agree whichever statement fails (%s)',
      async (mode) => {
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
          if (failingDays !== undefined)
            await w.db.query('since', 'update webhook_endpoints set failing_since = $1', [
              new Date(now - failingDays * 86_400_000).toISOString(),
            ]);
          const [query, transaction] = [w.db.query.bind(w.db), w.db.transaction.bind(w.db)];
          let after = 0;
          let injected = false;
          // every statement counts, alone or inside a transaction (then the whole of it rolls back)
          const failNth = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
            if (!answered || after++ !== n) return run();
            injected = true;
            if (mode === 'answer lost') await run();
            throw new Error(`connection reset (${name})`);
          };
          vi.spyOn(w.db, 'query').mockImplementation((name, sql, values) =>
            failNth(name, () => query(name, sql, values)),
          );
          vi.spyOn(w.db, 'transaction').mockImplementation((name, work) =>
            transaction(name, (q) => work((sql, values) => failNth(name, () => q(sql, values)))),
          );
          await w.queue.runDue().catch(() => undefined);
          vi.restoreAllMocks();
          const { log, delivery, e } = await stored(w);
          expect(
            agree(log, delivery, e),
            `statement ${n} failed: ${JSON.stringify({ log, delivery, e })}`,
          ).toBe(true);
          if (!injected) return; // every statement after the attempt has been failed once
        }
        throw new Error('more than 8 statements after one failed attempt');
      },
    );
  });
});
