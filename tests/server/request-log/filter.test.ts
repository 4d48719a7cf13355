// The request-log filter is defined once (server/request-log/filter.ts): the reference predicate,
// the embedded log's index (columns.test.ts) and the Postgres statements (logs-agree.test.ts) all
// come from it, and no statement spells a condition of its own.
import { describe, expect, it } from 'vitest';
import type { RequestFilter } from '../../../src/api/request-log.ts';
import {
  filterConditions,
  filterParams,
  filterSql,
  matchesFilter,
  requestFilterSpec,
} from '../../../server/request-log/filter.ts';
import { postgresSql } from '../../../server/stores/postgres/sql.ts';
import { withRequestFilter } from '../../../server/stores/postgres/request-log.ts';
import { record } from './records.ts';

const r = record(1, { status: 429, key_id: 'key_a', environment: 'sandbox', time_ms: 1000 });

describe('matchesFilter', () => {
  it.each<[string, RequestFilter, boolean]>([
    ['no field set: everything', {}, true],
    ['the status class of a 429', { statusClass: 4 }, true],
    ['another status class', { statusClass: 5 }, false],
    ['the exact status', { status: 429 }, true],
    ['the key', { keyId: 'key_a' }, true],
    ['another key', { keyId: 'key_b' }, false],
    ['a route the record lacks (null never equals)', { routeId: 'rt_sandbox_create', keyId: 'key_a' }, true],
    ['from its own time: inclusive', { fromMs: 1000 }, true],
    ['to its own time: exclusive', { toMs: 1000 }, false],
    ['every field must hold', { statusClass: 4, environment: 'production' }, false],
  ])('%s', (_name, filter, expected) => {
    expect(matchesFilter(filter, r)).toBe(expected);
  });

  it('treats a 1xx as class 2, as Postgres does (one status-class rule)', () => {
    expect(matchesFilter({ statusClass: 2 }, record(2, { status: 101 }))).toBe(true);
  });
});

describe('the Postgres statements', () => {
  it.each(['request_page', 'request_count'] as const)(
    '%s.sql spells no condition, only {request_filter}',
    (name) => {
      const text = postgresSql(name);
      expect(text).toContain('{request_filter}');
      for (const field of ['status', 'key_id', 'route_id', 'caller_kind', 'environment', 'time_ms']) {
        expect(text).not.toMatch(new RegExp(`\\b${field}\\s*(=|<|>)`));
      }
    },
  );

  it('get one condition per field of the filter, with its value bound in spec order', () => {
    const sql = filterSql(3);
    expect(filterConditions.map((c) => c.field)).toEqual(Object.keys(requestFilterSpec));
    filterConditions.forEach((_c, i) => expect(sql).toContain(`$${3 + i}::`));
    expect(sql).not.toContain(`$${3 + filterConditions.length}`);
    expect(withRequestFilter('request_page', 3)).toContain(sql);
    expect(withRequestFilter('request_count', 1)).toContain(filterSql(1));
    expect(filterParams({ keyId: 'key_a', toMs: 5 })).toEqual(
      filterConditions.map(({ field }) => ({ keyId: 'key_a', toMs: 5 })[field as string] ?? null),
    );
  });
});
