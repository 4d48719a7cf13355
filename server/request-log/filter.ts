// The request-log filter, defined once. Each field of `RequestFilter` names the column it compares
// and how (`requestFilterSpec`); each column says how a record gives it and how Postgres computes
// it (`filterColumns`). From these two tables come the reference predicate (`matchesFilter`), the
// Postgres conditions (`filterSql`, spliced into request_page.sql and request_count.sql at
// `{request_filter}`, values always bound) and the embedded log's compiled scan (columns.ts).
// A new filter is one entry in each table: tsc refuses a `RequestFilter` field without its entry.
import type { RequestFilter } from '../../src/api/request-log.ts';
import { statusClass, type RequestRecord } from '../../src/api/request-record.ts';

/** A column a filter reads: its value in a record, and the same value as a Postgres expression. */
export interface FilterColumn {
  /** The value of a record, compared with the filter's value. */
  of: (record: RequestRecord) => string | number | null;
  /** The SQL expression over `request_log` giving the same value. */
  sql: string;
  /** The Postgres type the bound filter value is cast to. */
  type: 'int' | 'bigint' | 'text';
}

/** Every column a filter reads. */
export const filterColumns = {
  status_class: { of: (r) => statusClass(r.status), sql: 'least(greatest(status / 100, 2), 5)', type: 'int' },
  status: { of: (r) => r.status, sql: 'status', type: 'int' },
  key_id: { of: (r) => r.key_id, sql: 'key_id', type: 'text' },
  route_id: { of: (r) => r.route_id, sql: 'route_id', type: 'text' },
  caller_kind: { of: (r) => r.caller_kind, sql: 'caller_kind', type: 'text' },
  environment: { of: (r) => r.environment, sql: 'environment', type: 'text' },
  time_ms: { of: (r) => r.time_ms, sql: 'time_ms', type: 'bigint' },
} as const satisfies Record<string, FilterColumn>;

/** The name of a column a filter reads. */
export type FilterColumnName = keyof typeof filterColumns;

/** How a field compares: equal, at or after (inclusive), before (exclusive), or one of a list. */
export type FilterOp = 'eq' | 'from' | 'before' | 'in';

/** A filter field's value: one value, or a list for `in` (an empty list matches nothing). */
export type FilterValue = string | number | readonly string[];

/** What each filter field compares: one entry per field of `RequestFilter`, in parameter order. */
export const requestFilterSpec: {
  readonly [F in keyof RequestFilter]-?: { column: FilterColumnName; op: FilterOp };
} = {
  statusClass: { column: 'status_class', op: 'eq' },
  status: { column: 'status', op: 'eq' },
  keyId: { column: 'key_id', op: 'eq' },
  routeId: { column: 'route_id', op: 'eq' },
  routeIds: { column: 'route_id', op: 'in' },
  callerKind: { column: 'caller_kind', op: 'eq' },
  environment: { column: 'environment', op: 'eq' },
  fromMs: { column: 'time_ms', op: 'from' },
  toMs: { column: 'time_ms', op: 'before' },
};

/** One condition of the spec: a filter field, its column and comparison. */
export interface FilterCondition {
  field: keyof RequestFilter;
  column: FilterColumnName;
  op: FilterOp;
}

/** The spec's conditions in order (the order of the Postgres parameters). */
export const filterConditions: readonly FilterCondition[] = (
  Object.keys(requestFilterSpec) as (keyof RequestFilter)[]
).map((field) => ({ field, ...requestFilterSpec[field] }));

/** Whether `actual` passes a comparison with the filter's `wanted`. */
export function compare(op: FilterOp, actual: string | number | null, wanted: FilterValue): boolean {
  if (typeof wanted === 'object') return actual !== null && wanted.includes(String(actual));
  if (op === 'eq') return actual === wanted;
  if (actual === null) return false;
  return op === 'from' ? actual >= wanted : actual < wanted;
}

/** The reference predicate: whether a record passes every field the filter sets. */
export function matchesFilter(filter: RequestFilter, record: RequestRecord): boolean {
  return filterConditions.every(({ field, column, op }) => {
    const wanted = filter[field];
    return wanted === undefined || compare(op, filterColumns[column].of(record), wanted);
  });
}

const sqlOps: Record<Exclude<FilterOp, 'in'>, string> = { eq: '=', from: '>=', before: '<' };

/**
 * The Postgres conditions of the filter, one per field, AND-ed, with the field values as
 * parameters `$first`, `$first + 1`, … in spec order (an unset field is a null parameter).
 */
export function filterSql(first: number): string {
  return filterConditions
    .map(({ column, op }, i) => {
      const { sql, type } = filterColumns[column];
      if (op === 'in') {
        const list = `$${first + i}::${type}[]`;
        return `(${list} is null or ${sql} = any(${list}))`;
      }
      const param = `$${first + i}::${type}`;
      return `(${param} is null or ${sql} ${sqlOps[op]} ${param})`;
    })
    .join('\n  and ');
}

/** The parameter values of `filterSql`, in its order. */
export function filterParams(filter: RequestFilter): (string | number | string[] | null)[] {
  return filterConditions.map(({ field }) => {
    const value = filter[field];
    return value === undefined ? null : typeof value === 'object' ? [...value] : value;
  });
}
