// The order batch carrying the request log's records is insert_orders.sql and insert_requests.sql
// in one statement: it inserts the very columns, from the very parameters, of each (a hand-kept
// copy once lacked the orders' request_id and their deliveries: every create on Postgres with a
// request log got a 503). Running it on Postgres: request-log.test.ts and workers.engines.test.ts.
import { describe, expect, it } from 'vitest';
import { carryingSql, insertOrdersAndRequestsSql } from '../../../../server/stores/postgres/carrying-sql.ts';
import { postgresSql } from '../../../../server/stores/postgres/sql.ts';

/** The statement's lines, without comments and indentation: what it runs, not how it is laid out. */
const lines = (sql: string): string[] =>
  sql
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '' && !l.startsWith('--'));

/** The columns `sql` inserts into `table` and what it selects them from, spaces collapsed. */
function inserted(sql: string, table: string): { columns: string; from: string } | undefined {
  const flat = sql.replace(/\s+/g, ' ');
  const match = new RegExp(
    `insert into ${table} \\(([^)]*)\\) select (.*?) from ([^(]*\\([^)]*\\))`,
    'i',
  ).exec(flat);
  return match === null ? undefined : { columns: match[1]!, from: `${match[2]!} from ${match[3]!}` };
}

describe('the order batch carrying the request log (insert_orders.sql with insert_requests.sql)', () => {
  const carried = insertOrdersAndRequestsSql();
  const orders = postgresSql('insert_orders');
  const requests = postgresSql('insert_requests');

  it("inserts the orders' columns from the same parameters as insert_orders.sql", () => {
    expect(inserted(orders, 'orders')).toBeDefined();
    expect(inserted(carried, 'orders')).toEqual(inserted(orders, 'orders'));
  });

  it("inserts each order's webhook deliveries as insert_orders.sql does", () => {
    expect(inserted(orders, 'webhook_deliveries')).toBeDefined();
    expect(inserted(carried, 'webhook_deliveries')).toEqual(inserted(orders, 'webhook_deliveries'));
  });

  it("inserts the request log's columns as insert_requests.sql, from the parameter after the orders'", () => {
    const orderParams = new Set(orders.match(/\$\d+/g)).size;
    expect(inserted(carried, 'request_log')).toEqual(
      inserted(requests.replace('$1::json', `$${orderParams + 1}::json`), 'request_log'),
    );
  });

  it('runs every line of both statements, and nothing else but the joins between them', () => {
    const kept = lines(carried);
    const both = [...lines(orders), ...lines(requests).map((l) => l.replace('$1', '$11'))];
    expect(kept.filter((l) => !both.includes(l))).toEqual(['),', 'carried_first as (']);
    expect(both.filter((l) => !kept.includes(l))).toEqual([]);
  });
});

describe('carryingSql', () => {
  it.each([
    // A plain statement becomes the one CTE; the second's parameters follow the first's.
    [
      'insert into a (x) values ($1, $2)',
      'insert into b (y) values ($1)',
      'with carried_first as (\ninsert into a (x) values ($1, $2)\n)\ninsert into b (y) values ($3)',
    ],
    // The first's own CTEs stay, in order; parentheses inside quotes do not end one.
    [
      "-- a comment\nwith p as (select ')(' as q, $1 as r), s as (select 1)\nselect * from p",
      'select $1, $2',
      "with p as (select ')(' as q, $1 as r),\ns as (select 1),\ncarried_first as (\nselect * from p\n)\nselect $2, $3",
    ],
  ])('%s, then %s', (first, second, expected) => {
    expect(carryingSql(first, second)).toBe(expected);
  });

  it('refuses a WITH whose parenthesis never closes', () => {
    expect(() => carryingSql('with a as (select 1', 'select 2')).toThrow(/never closed/);
  });
});
