// Which Postgres failures are an outage (a 503 to retry) and which are a bug (a 500), and a schema
// that cannot be migrated: every statement is refused as unavailable, and the reason logged once.
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isStoreUnavailable } from '../../../../src/api/orders/deps.ts';
import { isPostgresOutage, PostgresDatabase } from '../../../../server/stores/postgres/database.ts';
import { migrate } from '../../../../server/stores/postgres/migrate.ts';
import { enginesAvailable, useEngines } from '../../../helpers/engines.ts';

const databaseError = (code: string) =>
  Object.assign(new pg.DatabaseError('server says no', 0, 'error'), { code });
const socketError = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
  errno: -111,
  syscall: 'connect',
});

describe('isPostgresOutage', () => {
  it.each([
    ['a refused connection', socketError, true],
    ['a connection lost mid-statement', new Error('Connection terminated unexpectedly'), true],
    ['no pooled connection in time', new Error('timeout exceeded when trying to connect'), true],
    ['no answer in time', new Error('Query read timeout'), true],
    ['the server shutting down (57P01)', databaseError('57P01'), true],
    ['statement_timeout (57014)', databaseError('57014'), true],
    ['the server starting up (57P03)', databaseError('57P03'), true],
    ['too many connections (53300)', databaseError('53300'), true],
    ['a read-only standby (25006)', databaseError('25006'), true],
    ['a duplicate key (23505)', databaseError('23505'), false],
    ['a missing table (42P01)', databaseError('42P01'), false],
    ['a bug of ours', new TypeError('undefined is not a function'), false],
    ['something not an Error', 'oops', false],
  ])('%s: %s', (_, error, outage) => {
    expect(isPostgresOutage(error)).toBe(outage);
  });
});

describe.skipIf(!enginesAvailable())('a schema that cannot be migrated', () => {
  const engines = useEngines();
  afterEach(() => vi.restoreAllMocks());

  it('refuses every statement as unavailable and logs the reason once', async () => {
    const url = await engines.postgres().createDatabase();
    const newer = new pg.Pool({ connectionString: url });
    await migrate(newer, [{ version: 9, name: '009_from_newer_code.sql', sql: 'select 1' }]);
    await newer.end();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const db = new PostgresDatabase(url);
    try {
      for (let i = 0; i < 3; i++) {
        const refused: unknown = await db.check().catch((error: unknown) => error);
        expect(isStoreUnavailable(refused)).toBe(true);
      }
      expect(logged).toHaveBeenCalledTimes(1);
      expect(String(logged.mock.calls[0]?.[0])).toContain('009_from_newer_code.sql');
    } finally {
      await db.close();
    }
  });
});
