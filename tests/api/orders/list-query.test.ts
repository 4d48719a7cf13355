// The list endpoints' shared query preamble: unknown and repeated parameters, `limit` and
// `starting_after`, each problem naming its parameter (GET /v2/orders and GET /v2/events answer
// through it: cases/listing.ts and cases/events.ts run them on every serving path).
import { describe, expect, it } from 'vitest';
import { badListQuery, readListQuery, unknownCursor } from '../../../src/api/orders/list-query.ts';

const cursor = { pattern: /^ord_[A-Za-z0-9]+$/, names: 'an order id (ord_…)' };
/** The problems' parameters and codes for a target. */
const problems = (target: string) =>
  readListQuery(target, ['customer'], cursor).errors.map((e) => `${e.parameter} ${e.code}`);

describe('readListQuery', () => {
  it.each([
    // No query: the default page, no cursor.
    ['/v2/orders', 10, undefined],
    ['/v2/orders?limit=100&starting_after=ord_1', 100, 'ord_1'],
    // The endpoint's own filters are left to it.
    ['/v2/orders?limit=1&customer=cus_a', 1, undefined],
  ])('%s reads limit %d and cursor %s', (target, limit, startingAfter) => {
    const read = readListQuery(target, ['customer'], cursor);
    expect(read.errors).toEqual([]);
    expect({ limit: read.limit, startingAfter: read.startingAfter }).toEqual({ limit, startingAfter });
  });

  it.each([
    ['/v2/orders?limit=0', ['limit invalid_limit']],
    ['/v2/orders?limit=101', ['limit invalid_limit']],
    ['/v2/orders?limit=1.5', ['limit invalid_limit']],
    ['/v2/orders?starting_after=evt_1', ['starting_after invalid_cursor']],
    ['/v2/orders?limit=2&limit=3', ['limit repeated_parameter']],
    // Every problem at once, the parameters' own first.
    [
      '/v2/orders?x=1&limit=0&starting_after=no',
      ['x unknown_parameter', 'limit invalid_limit', 'starting_after invalid_cursor'],
    ],
  ])('%s is refused: %j', (target, expected) => {
    expect(problems(target)).toEqual(expected);
  });

  it('names the cursor as the endpoint does', () => {
    const [problem] = readListQuery('/v2/events?starting_after=x', [], {
      pattern: /^evt_/,
      names: 'an event id (evt_…)',
    }).errors;
    expect(problem?.detail).toBe('starting_after must be an event id (evt_…)');
  });
});

describe('the answers', () => {
  it('counts the problems in a 400', () => {
    const { errors } = readListQuery('/v2/orders?limit=0&starting_after=no', [], cursor);
    const answer = badListQuery(errors, {});
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ detail: '2 problems in the query', errors });
  });

  it('names the unknown cursor', () => {
    const answer = unknownCursor('event', {});
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({
      detail: "starting_after names no event in this key's environment",
      errors: [{ parameter: 'starting_after', code: 'unknown_cursor' }],
    });
  });
});
