// The operators of console_operators (migration 007), from before operators joined the audit trail:
// the Postgres management store imports them once, audited, into a journal that has never had an
// operator change (server/operators/legacy-import.ts), then reads the table no more.
import { z } from 'zod';
import type { Operator } from '../../../src/operators/operator.ts';
import { roles } from '../../../src/operators/roles.ts';
import { postgresSql } from './sql.ts';

const rowSchema = z.object({
  operator_id: z.string(),
  name: z.string(),
  role: z.enum(roles),
  token_hash_sha256: z.string(),
  created_at_ms: z.number(),
});

/** Reads the table's operators, oldest first, through `query` (a pool's or a transaction's). */
export async function readLegacyOperators(
  query: (text: string, values: unknown[]) => Promise<unknown[]>,
): Promise<Operator[]> {
  const rows = await query(postgresSql('console_operator_list'), []);
  return rows.map((row) => {
    const { created_at_ms, ...rest } = rowSchema.parse(row);
    return { ...rest, created_at: new Date(created_at_ms).toISOString() };
  });
}
