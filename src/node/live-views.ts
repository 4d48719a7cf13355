// Live views: what the running server writes beside the workspace (the order journal and the
// request log), as read-only temporary views on an open workspace. `npm run sql` and `npm run
// export` apply this one list, so an analyst's query and an export see the same live data; the
// workspace file itself is never written.
import { readdirSync, type Dirent } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { listValue } from '@duckdb/node-api';
import type { Workspace } from './db.ts';

/** A view over append-only NDJSON files in one folder. */
export interface LiveView {
  /** The view's name, as queried. */
  name: string;
  /** The folder its files are in, from the environment. */
  dir(env: NodeJS.ProcessEnv): string;
  /** Which files of the folder it reads. */
  files: RegExp;
  /** Its columns and their SQL types, in order: every line is read into exactly these. */
  columns: readonly (readonly [name: string, type: string])[];
  /** A column every whole line has: a line without it (torn, still being written) is left out. */
  required: string;
  /** The view's select list over those columns, when it is not the columns themselves. */
  project?: string;
}

/** The orders journal's folder: ESTATE_ORDERS_DIR, else data/orders. */
export function ordersDir(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.ESTATE_ORDERS_DIR ?? 'data/orders');
}

/** The embedded request log's folder: ESTATE_REQUEST_LOG_DIR, else `requests/` beside the orders folder. */
export function requestLogDir(env: NodeJS.ProcessEnv = process.env, orders = ordersDir(env)): string {
  return resolve(env.ESTATE_REQUEST_LOG_DIR ?? join(dirname(resolve(orders)), 'requests'));
}

/** Every live view. */
export const liveViews: readonly LiveView[] = [
  {
    name: 'orders',
    dir: (env) => ordersDir(env),
    files: /^orders-.*\.ndjson$/,
    columns: [
      ['id', 'VARCHAR'],
      ['customer', 'VARCHAR'],
      ['lines', 'STRUCT(sku VARCHAR, qty INTEGER)[]'],
      ['livemode', 'BOOLEAN'],
      ['created_at', 'TIMESTAMP'],
      ['key_id', 'VARCHAR'],
      ['environment', 'VARCHAR'],
      ['idempotency_key', 'VARCHAR'],
      ['request_sha256', 'VARCHAR'],
      ['request_id', 'VARCHAR'],
    ],
    required: 'id',
  },
  {
    // Each order's order.created is its journal line (docs/events.md): the same rows, as events.
    name: 'events',
    dir: (env) => ordersDir(env),
    files: /^orders-.*\.ndjson$/,
    columns: [
      ['id', 'VARCHAR'],
      ['created_at', 'TIMESTAMP'],
      ['livemode', 'BOOLEAN'],
      ['environment', 'VARCHAR'],
      ['idempotency_key', 'VARCHAR'],
      ['request_id', 'VARCHAR'],
    ],
    required: 'id',
    project: `'evt_' || substr(id, 5) as event_id, 'order.created' as type, created_at as created, livemode,
      environment, id as order_id, request_id, idempotency_key`,
  },
  {
    // Events no order carries (endpoint.disabled, key.*), one synced line each.
    name: 'raised_events',
    dir: (env) => ordersDir(env),
    files: /^events\.jsonl$/,
    columns: [
      ['id', 'VARCHAR'],
      ['type', 'VARCHAR'],
      ['created', 'TIMESTAMP'],
      ['livemode', 'BOOLEAN'],
      ['environment', 'VARCHAR'],
      ['data', 'JSON'],
    ],
    required: 'id',
  },
  {
    // Every webhook delivery attempt (server/webhooks/attempts.ts), oldest first.
    name: 'webhook_attempts',
    dir: (env) => ordersDir(env),
    files: /^webhook-attempts\.jsonl$/,
    columns: [
      ['event_id', 'VARCHAR'],
      ['endpoint_id', 'VARCHAR'],
      ['event_type', 'VARCHAR'],
      ['environment', 'VARCHAR'],
      ['attempt', 'INTEGER'],
      ['at', 'TIMESTAMP'],
      ['status', 'SMALLINT'],
      ['error', 'VARCHAR'],
      ['latency_ms', 'DOUBLE'],
      ['outcome', 'VARCHAR'],
      ['next_at', 'TIMESTAMP'],
    ],
    required: 'event_id',
  },
  {
    // The embedded request log (server/request-log/): one line per answered request, oldest first.
    name: 'live_requests',
    dir: (env) => requestLogDir(env),
    files: /^requests-\d{12}\.ndjson$/,
    columns: [
      ['request_id', 'VARCHAR'],
      ['time_ms', 'BIGINT'],
      ['method', 'VARCHAR'],
      ['path', 'VARCHAR'],
      ['route_id', 'VARCHAR'],
      ['status', 'SMALLINT'],
      ['problem_type', 'VARCHAR'],
      ['latency_ms', 'DOUBLE'],
      ['key_id', 'VARCHAR'],
      ['consumer_id', 'VARCHAR'],
      ['environment', 'VARCHAR'],
      ['livemode', 'BOOLEAN'],
      ['caller_kind', 'VARCHAR'],
      ['user_agent', 'VARCHAR'],
      ['idempotent_replay', 'BOOLEAN'],
      ['order_id', 'VARCHAR'],
      ['response_headers', 'MAP(VARCHAR, VARCHAR)'],
      ['problem', 'JSON'],
    ],
    required: 'request_id',
  },
];

/** The view's files now, sorted; a missing folder has none. */
function filesOf(view: LiveView, env: NodeJS.ProcessEnv): string[] {
  const dir = view.dir(env);
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile() && view.files.test(entry.name))
    .map((entry) => join(dir, entry.name))
    .sort();
}

// Names and types are the constants above, never input; the files are bound as a parameter.
const quote = (name: string): string => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string): string => `'${text.replaceAll("'", "''")}'`;

/** The select behind a view: its files' lines, or no rows (with the same columns) when it has none. */
function selectSql(view: LiveView, variable: string, hasFiles: boolean): string {
  const names = view.project ?? view.columns.map(([name]) => quote(name)).join(', ');
  if (!hasFiles) {
    const nulls = view.columns.map(([name, type]) => `null::${type} as ${quote(name)}`).join(', ');
    return `select ${names} from (select ${nulls}) where false`;
  }
  const columns = view.columns.map(([name, type]) => `${literal(name)}: ${literal(type)}`).join(', ');
  return `select ${names} from read_json(getvariable(${literal(variable)}), format = 'newline_delimited',
            ignore_errors = true, columns = {${columns}}) where ${quote(view.required)} is not null`;
}

/**
 * Creates (or replaces) every live view as a temporary view on `db`, over the files there are now.
 * Temporary objects live in memory, so this works on a workspace opened read-only; apply again
 * before a query to pick up files created since.
 */
export async function applyLiveViews(db: Workspace, env: NodeJS.ProcessEnv = process.env): Promise<void> {
  for (const view of liveViews) {
    const files = filesOf(view, env);
    const variable = `live_${view.name}_files`;
    if (files.length > 0) await db.query(`set variable ${variable} = $files`, { files: listValue(files) });
    await db.query(
      `create or replace temp view ${quote(view.name)} as ${selectSql(view, variable, files.length > 0)}`,
    );
  }
}
