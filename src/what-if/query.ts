// What every what-if's node side (./<kind>/query.ts) starts with: its own SQL files
// (src/what-if/<kind>/sql/<name>.sql), run with the what-if's parameters on the given or default
// workspace, each row checked against its schema. Node-only (DuckDB), as each query.ts.
import type { QueryParams, Workspace } from '../node/db.ts';
import { runSqlFile, runSqlFileOne, type RowOf, type RowSchema } from '../queries/sql-file.ts';

/** The what-ifs, each with a folder of its own SQL. */
export type WhatIfKind = 'change' | 'retire' | 'rotate' | 'throttle';

/** A what-if's SQL files bound to its parameters and workspace. */
export interface WhatIfSql {
  /** Every row of `sql/<name>.sql`. */
  rows<S extends RowSchema>(row: S, name: string): Promise<RowOf<S>[]>;
  /** The one row of `sql/<name>.sql` (failing loudly on any other count). */
  one<S extends RowSchema>(row: S, name: string): Promise<RowOf<S>>;
  /** The first row of `sql/<name>.sql`; undefined when there is none (an unknown id). */
  first<S extends RowSchema>(row: S, name: string): Promise<RowOf<S> | undefined>;
}

/** The SQL of the `kind` what-if, run with `params` on `db` (the default workspace when omitted). */
export function whatIfSql(kind: WhatIfKind, params: QueryParams, db?: Workspace): WhatIfSql {
  const file = (name: string) => `src/what-if/${kind}/sql/${name}.sql`;
  return {
    rows: (row, name) => runSqlFile(row, file(name), params, db),
    one: (row, name) => runSqlFileOne(row, file(name), params, db),
    first: async (row, name) => (await runSqlFile(row, file(name), params, db))[0],
  };
}
