// Real Postgres and Redis for the tests of the shared stores: whether they can run here (a loud
// skip outside CI, a failure in CI), and a per-file pair of throwaway instances.
import { afterAll, beforeAll } from 'vitest';
import { postgresBinDir, startPostgres, type PostgresInstance } from '../../scripts/engines/postgres.ts';
import { redisServerBinary, startRedis, type RedisInstance } from '../../scripts/engines/redis.ts';

export type { PostgresInstance } from '../../scripts/engines/postgres.ts';
export type { RedisInstance } from '../../scripts/engines/redis.ts';

/**
 * Whether Postgres and Redis tests can run. Outside CI missing binaries skip them with a loud
 * warning; in CI (CI=true) they are a failure.
 */
export function enginesAvailable(): boolean {
  const missing = [
    postgresBinDir() === null ? 'Postgres (apt-get install -y postgresql, or PG_BIN)' : null,
    redisServerBinary() === null ? 'Redis (apt-get install -y redis-server, or REDIS_SERVER)' : null,
  ].filter((m) => m !== null);
  if (missing.length === 0) return true;
  if (process.env.CI === 'true') throw new Error(`CI=true but no ${missing.join(' and no ')}`);
  console.warn(
    `\n!!! POSTGRES/REDIS TESTS SKIPPED: missing ${missing.join('; ')}\n` +
      `!!!   ${new Error().stack?.split('\n')[2]?.trim() ?? ''}\n`,
  );
  return false;
}

/** The engines a test file uses; each getter throws if asked before beforeAll ran. */
export interface Engines {
  postgres(): PostgresInstance;
  redis(): RedisInstance;
}

/** Starts a fresh Postgres and Redis before the file's tests and destroys both after them. */
export function useEngines(postgresSettings: Record<string, string> = {}): Engines {
  let postgres: PostgresInstance | undefined;
  let redis: RedisInstance | undefined;
  beforeAll(async () => {
    const [pg, rd] = await Promise.allSettled([startPostgres(postgresSettings), startRedis()]);
    if (pg.status === 'fulfilled') postgres = pg.value;
    if (rd.status === 'fulfilled') redis = rd.value;
    for (const started of [pg, rd]) if (started.status === 'rejected') throw started.reason;
  });
  afterAll(async () => {
    await Promise.all([postgres?.destroy(), redis?.destroy()]);
  });
  return {
    postgres: () => postgres ?? fail('Postgres'),
    redis: () => redis ?? fail('Redis'),
  };
}

function fail(name: string): never {
  throw new Error(`${name} is not started: call useEngines() at the top of the describe block`);
}
