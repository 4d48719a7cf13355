// Operators and sessions in Postgres, as two workers and the CLI share them: a session opened on
// one worker is good on the other, a sign-out on either ends it on both (a copied cookie too), an
// idle session ends, and a role changed by the CLI reaches an open session within a second.
import { afterAll, describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import { ConsoleAccess } from '../../../server/console/access.ts';
import { sessionCookie } from '../../../server/console/cookie.ts';
import { postgresOperators, testBy } from '../../../harness/operators.ts';
import {
  addOperator,
  changeRole,
  listOperators,
  removeOperator,
} from '../../../server/operators/operators.ts';
import { PostgresSessionStore } from '../../../server/sessions/postgres-sessions.ts';
import { ConsoleSessions, defaultSessionLimits } from '../../../server/sessions/sessions.ts';
import { PostgresDatabase } from '../../../server/stores/postgres/database.ts';
import { enginesAvailable, useEngines } from '../../helpers/engines.ts';
import { until } from '../../helpers/poll.ts';

describe.skipIf(!enginesAvailable())('console access on Postgres', () => {
  const engines = useEngines();
  const closing: (() => Promise<void>)[] = [];
  const clock = { wall: Date.parse('2026-11-26T09:00:00Z') };
  afterAll(() => Promise.all(closing.map((close) => close())));

  /** One worker's access (or the CLI's directory) over its own pools. */
  async function worker(url: string) {
    const db = new PostgresDatabase(url);
    const { directory: operators, close } = await postgresOperators(url);
    closing.push(() => db.close(), close);
    const sessions = new ConsoleSessions(new PostgresSessionStore(db), {}, () => clock.wall);
    return { operators, access: new ConsoleAccess({ token: 'console-token-pg', operators, sessions }) };
  }

  const asRequest = (sessionId: string) =>
    ({ headers: { cookie: `${sessionCookie}=${sessionId}` } }) as IncomingMessage;

  it('shares operators, sessions, sign-out and role changes between workers', async () => {
    const url = await engines.postgres().createDatabase();
    const [a, b, cli] = await Promise.all([worker(url), worker(url), worker(url)]);
    const { operator, token } = await addOperator(cli.operators, { name: 'Ada', role: 'operator' }, testBy);
    await expect(addOperator(cli.operators, { name: 'ADA', role: 'viewer' }, testBy)).rejects.toThrow(
      /exists/,
    );
    await until(
      'the other worker to list the new operator',
      async () => (await listOperators(b.operators)).map((op) => op.name).join() === 'Ada',
      { timeoutMs: 1_000 },
    );

    const signed = await a.access.signIn(token);
    expect(signed?.actor).toEqual({
      type: 'operator',
      id: operator.operator_id,
      name: 'Ada',
      role: 'operator',
    });
    const id = signed?.sessionId ?? '';
    expect(await b.access.actorOf(asRequest(id))).toMatchObject({ name: 'Ada', role: 'operator' });

    await changeRole(cli.operators, 'Ada', 'viewer', testBy);
    await until(
      'the role change to reach the other worker',
      async () => (await b.access.actorOf(asRequest(id)))?.role === 'viewer',
      { timeoutMs: 1_000 },
    );

    await b.access.signOut(asRequest(id));
    expect(await a.access.actorOf(asRequest(id))).toBeNull();
  });

  it('ends idle sessions and the sessions of a removed operator', async () => {
    const url = await engines.postgres().createDatabase();
    const [a, cli] = await Promise.all([worker(url), worker(url)]);
    const idle = (await a.access.signIn('console-token-pg'))?.sessionId ?? '';
    const { token } = await addOperator(cli.operators, { name: 'Linus', role: 'operator' }, testBy);
    const linus = (await a.access.signIn(token))?.sessionId ?? '';
    clock.wall += defaultSessionLimits.idleMs;
    expect(await a.access.actorOf(asRequest(idle))).toBeNull();
    expect(await a.access.actorOf(asRequest(linus))).toBeNull();

    const again = (await a.access.signIn(token))?.sessionId ?? '';
    expect(await a.access.actorOf(asRequest(again))).toMatchObject({ name: 'Linus' });
    await removeOperator(cli.operators, 'linus', testBy);
    await until(
      'the removal to reach the worker',
      async () => (await a.access.actorOf(asRequest(again))) === null,
      { timeoutMs: 1_000 },
    );
  });

  it('imports the operators of console_operators once, audited; a row inserted afterwards lets no one in', async () => {
    const url = await engines.postgres().createDatabase();
    const db = new PostgresDatabase(url);
    closing.push(() => db.close());
    const hash = 'd'.repeat(64);
    await db.query(
      'seed_legacy_operator',
      "insert into console_operators values ('op_old', 'Olga', 'admin', $1, 1763629200000)",
      [hash],
    );
    const a = await worker(url);
    expect(await a.operators.byTokenHash(hash)).toMatchObject({ operator_id: 'op_old', name: 'Olga' });
    await changeRole(a.operators, 'Olga', 'viewer', testBy, { leaveNoAdmin: true });
    const rows = await db.query<{ line: string }>('journal_lines', 'select line from manage_journal', []);
    expect(rows.map((row) => (JSON.parse(row.line) as { entry: object }).entry)).toEqual([
      expect.objectContaining({
        action: 'operator.import',
        target: expect.objectContaining({ type: 'operator' }) as unknown,
      }),
      expect.objectContaining({
        action: 'operator.change_role',
        target: { type: 'operator', id: 'op_old', name: 'Olga' },
      }),
    ]);
    await db.query(
      'seed_late_operator',
      "insert into console_operators values ('op_eve', 'Eve', 'admin', $1, 1763629200000)",
      ['e'.repeat(64)],
    );
    const later = await worker(url);
    expect(await later.operators.byTokenHash('e'.repeat(64))).toBeNull();
  });
});
