// Operators and sessions in Postgres, as two workers and the CLI share them: a session opened on
// one worker is good on the other, a sign-out on either ends it on both (a copied cookie too), an
// idle session ends, and a role changed by the CLI reaches an open session within the cache's second.
import { afterAll, describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import { ConsoleAccess } from '../../../server/console/access.ts';
import { sessionCookie } from '../../../server/console/cookie.ts';
import { PostgresOperatorDirectory } from '../../../server/operators/postgres-operators.ts';
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

describe.skipIf(!enginesAvailable())('console access on Postgres', () => {
  const engines = useEngines();
  const dbs: PostgresDatabase[] = [];
  const clock = { wall: Date.parse('2026-11-26T09:00:00Z'), mono: 0 };
  afterAll(() => Promise.all(dbs.map((db) => db.close())));

  /** One worker's access (or the CLI's directory) over its own pool. */
  function worker(url: string) {
    const db = new PostgresDatabase(url);
    dbs.push(db);
    const operators = new PostgresOperatorDirectory(db, { now: () => clock.mono });
    const sessions = new ConsoleSessions(new PostgresSessionStore(db), {}, () => clock.wall);
    return { operators, access: new ConsoleAccess({ token: 'console-token-pg', operators, sessions }) };
  }

  const asRequest = (sessionId: string) =>
    ({ headers: { cookie: `${sessionCookie}=${sessionId}` } }) as IncomingMessage;

  it('shares operators, sessions, sign-out and role changes between workers', async () => {
    const url = await engines.postgres().createDatabase();
    const [a, b, cli] = [worker(url), worker(url), worker(url)];
    const { operator, token } = await addOperator(cli.operators, { name: 'Ada', role: 'operator' });
    await expect(addOperator(cli.operators, { name: 'ADA', role: 'viewer' })).rejects.toThrow(/exists/);
    expect((await listOperators(b.operators)).map((op) => op.name)).toEqual(['Ada']);

    const signed = await a.access.signIn(token);
    expect(signed?.actor).toEqual({
      type: 'operator',
      id: operator.operator_id,
      name: 'Ada',
      role: 'operator',
    });
    const id = signed?.sessionId ?? '';
    expect(await b.access.actorOf(asRequest(id))).toMatchObject({ name: 'Ada', role: 'operator' });

    await changeRole(cli.operators, 'Ada', 'viewer');
    clock.mono += 1_000;
    expect(await b.access.actorOf(asRequest(id))).toMatchObject({ role: 'viewer' });

    await b.access.signOut(asRequest(id));
    expect(await a.access.actorOf(asRequest(id))).toBeNull();
  });

  it('ends idle sessions and the sessions of a removed operator', async () => {
    const url = await engines.postgres().createDatabase();
    const [a, cli] = [worker(url), worker(url)];
    const idle = (await a.access.signIn('console-token-pg'))?.sessionId ?? '';
    const { token } = await addOperator(cli.operators, { name: 'Linus', role: 'operator' });
    const linus = (await a.access.signIn(token))?.sessionId ?? '';
    clock.wall += defaultSessionLimits.idleMs;
    expect(await a.access.actorOf(asRequest(idle))).toBeNull();
    expect(await a.access.actorOf(asRequest(linus))).toBeNull();

    const again = (await a.access.signIn(token))?.sessionId ?? '';
    expect(await a.access.actorOf(asRequest(again))).toMatchObject({ name: 'Linus' });
    await removeOperator(cli.operators, 'linus');
    clock.mono += 1_000;
    expect(await a.access.actorOf(asRequest(again))).toBeNull();
  });
});
