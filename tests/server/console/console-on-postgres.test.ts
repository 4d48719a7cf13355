// Two production servers on one Postgres, as two workers are: an operator added through the CLI's
// functions closes both consoles; a session opened on one is good on the other; a sign-out on the
// other ends it on both, for the cookie and any copy of it.
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../server/server.ts';
import { postgresOperators, testBy } from '../../../harness/operators.ts';
import { addOperator } from '../../../server/operators/operators.ts';
import { fixtureWorld } from '../../../harness/fixture-world.ts';
import { enginesAvailable, useEngines } from '../../helpers/engines.ts';
import { writeFixtureWorkspace } from '../../../harness/fixture-workspace.ts';

describe.skipIf(!enginesAvailable())('the console on Postgres, two workers', () => {
  const engines = useEngines();
  const running: RunningServer[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(running.map((s) => s.close()));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('shares operators and sessions between them', async () => {
    const databaseUrl = await engines.postgres().createDatabase();
    const redisUrl = engines.redis().url;
    for (let i = 0; i < 2; i++) {
      const files = await writeFixtureWorkspace(fixtureWorld);
      dirs.push(files.dir);
      running.push(
        await startServer({
          port: 0,
          host: '127.0.0.1',
          console: false,
          api: { ...files, engines: { databaseUrl, redisUrl } },
        }),
      );
    }
    const [a, b] = running.map((s) => `http://127.0.0.1:${s.port}`);
    const session = (at: string | undefined, cookie = '') =>
      fetch(`${at}/app/session`, { headers: { cookie }, redirect: 'manual' }).then((r) => r.status);
    // The console itself is off here: a request the gate lets through gets the stand-in's 404.
    const cli = await postgresOperators(databaseUrl);
    const { token } = await addOperator(cli.directory, { name: 'Ada', role: 'admin' }, testBy);
    await cli.close();
    const signedIn = await fetch(`${a}/app/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }).toString(),
    });
    expect(signedIn.status).toBe(303);
    const cookie = signedIn.headers.get('set-cookie')?.split(';')[0] ?? '';
    expect(await session(b)).toBe(401);
    expect(await session(b, cookie)).toBe(404);
    expect(await running[1]?.access.actorOf({ headers: { cookie } })).toMatchObject({ name: 'Ada' });

    const out = await fetch(`${b}/app/sign-out`, { method: 'POST', headers: { cookie }, redirect: 'manual' });
    expect(out.status).toBe(303);
    expect(await session(a, cookie)).toBe(401);
  });
});
