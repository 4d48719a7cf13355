// The operators' directory in Postgres (console_operators, migration 007), for servers with
// DATABASE_URL: every worker and the CLI see one table. Reads are cached for at most `cacheMs`
// (a second), so a role changed by the CLI or another worker applies within a second and a console
// page does not cost a query per look.
import { z } from 'zod';
import { roles } from '../../src/operators/roles.ts';
import type { PostgresDatabase } from '../stores/postgres/database.ts';
import { postgresSql } from '../stores/postgres/sql.ts';
import type { Operator, OperatorChange, OperatorDirectory } from './directory.ts';

const rowSchema = z.object({
  operator_id: z.string(),
  name: z.string(),
  role: z.enum(roles),
  token_hash_sha256: z.string(),
  created_at_ms: z.number(),
});

function toOperator(row: unknown): Operator {
  const { created_at_ms, ...rest } = rowSchema.parse(row);
  return { ...rest, created_at: new Date(created_at_ms).toISOString() };
}

interface Cached<T> {
  value: T;
  at: number;
}

/** Operators in a Postgres table, read through a cache at most `cacheMs` old. */
export class PostgresOperatorDirectory implements OperatorDirectory {
  private readonly db: PostgresDatabase;
  private readonly cacheMs: number;
  private readonly now: () => number;
  private readonly cache = new Map<string, Cached<Operator | null>>();
  private counted: Cached<number> | null = null;

  constructor(db: PostgresDatabase, options: { cacheMs?: number; now?: () => number } = {}) {
    this.db = db;
    this.cacheMs = options.cacheMs ?? 1_000;
    this.now = options.now ?? (() => performance.now());
  }

  private run(name: string, values: unknown[]): Promise<object[]> {
    return this.db.query<object>(name, postgresSql(name), values);
  }

  async list(): Promise<Operator[]> {
    return (await this.run('console_operator_list', [])).map(toOperator);
  }

  async count(): Promise<number> {
    const at = this.now();
    if (this.counted && at - this.counted.at < this.cacheMs) return this.counted.value;
    const [row] = await this.run('console_operator_count', []);
    const value = z.object({ operators: z.number() }).parse(row).operators;
    this.counted = { value, at };
    return value;
  }

  byId(operatorId: string): Promise<Operator | null> {
    return this.cached(`id:${operatorId}`, 'console_operator_by_id', operatorId);
  }

  byTokenHash(hashHex: string): Promise<Operator | null> {
    return this.cached(`token:${hashHex}`, 'console_operator_by_token', hashHex);
  }

  private async cached(key: string, statement: string, value: string): Promise<Operator | null> {
    const at = this.now();
    const hit = this.cache.get(key);
    if (hit && at - hit.at < this.cacheMs) return hit.value;
    const [row] = await this.run(statement, [value]);
    const found = row ? toOperator(row) : null;
    // Bounded: entries older than the cache's life are of no use.
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(key, { value: found, at });
    return found;
  }

  async apply(change: OperatorChange): Promise<void> {
    if (change.event === 'added') {
      const { operator_id, name, role, token_hash_sha256, at } = change;
      await this.run('console_operator_insert', [operator_id, name, role, token_hash_sha256, Date.parse(at)]);
    } else if (change.event === 'role_changed') {
      await this.run('console_operator_set_role', [change.operator_id, change.role]);
    } else if (change.event === 'token_reissued') {
      await this.run('console_operator_set_token', [change.operator_id, change.token_hash_sha256]);
    } else {
      await this.run('console_operator_delete', [change.operator_id]);
    }
    // This process sees its own change at once.
    this.cache.clear();
    this.counted = null;
  }

  close(): Promise<void> {
    return this.db.close();
  }
}
