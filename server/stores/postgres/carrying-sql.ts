// One statement that runs two others in one round trip and one commit: the first becomes common
// table expressions (a data-modifying CTE runs to completion even if nothing reads it), the second
// follows with its parameters renumbered after the first's. The order batch carrying the request
// log's records is composed this way from insert_orders.sql and insert_requests.sql at load, so it
// can never drift from them (a hand-kept copy did: it lacked the orders' request_id and their
// webhook deliveries, and every create on Postgres with a request log got a 503).
import { postgresSql } from './sql.ts';

/** `first` then `second` as one statement: `first` as CTEs, `second`'s `$n` shifted past `first`'s. */
export function carryingSql(first: string, second: string): string {
  const { ctes, last } = splitWith(withoutComments(first));
  const shift = Math.max(0, ...[...withoutComments(first).matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));
  const then = withoutComments(second).replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + shift}`);
  return `with ${[...ctes, `carried_first as (\n${last}\n)`].join(',\n')}\n${then}`;
}

/** insert_orders.sql carrying insert_requests.sql's records as its parameter after the orders' columns. */
export function insertOrdersAndRequestsSql(): string {
  composed ??= carryingSql(postgresSql('insert_orders'), postgresSql('insert_requests'));
  return composed;
}

let composed: string | undefined;

/** The SQL without its `--` comment lines and surrounding blank space. */
function withoutComments(sql: string): string {
  return sql
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('--'))
    .join('\n')
    .trim();
}

/** A statement's `with a as (…), b as (…)` parts (each `name as (…)`) and the statement after them. */
function splitWith(sql: string): { ctes: string[]; last: string } {
  const opening = /^with\s+/i.exec(sql);
  if (opening === null) return { ctes: [], last: sql };
  const ctes: string[] = [];
  let at = opening[0].length;
  for (;;) {
    const open = sql.indexOf('(', at);
    if (open < 0) throw new Error('carryingSql: a WITH part without its parenthesis');
    const close = closingParen(sql, open);
    ctes.push(sql.slice(at, close + 1).trim());
    at = close + 1;
    const comma = /^\s*,/.exec(sql.slice(at));
    if (comma === null) return { ctes, last: sql.slice(at).trim() };
    at += comma[0].length;
  }
}

/** Where the parenthesis opened at `open` closes, skipping quoted text. */
function closingParen(sql: string, open: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = open; i < sql.length; i++) {
    const c = sql[i]!;
    if (quote !== null) {
      if (c === quote) quote = null;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  throw new Error('carryingSql: a parenthesis never closed');
}
