// GET /v2/events' query: a `created[...]` bound is an ISO 8601 time or Unix seconds, and a date or
// time that does not exist (30 February, 31 November, 24:00) is refused naming the parameter, not
// rolled over into the next day or month.
import { describe, expect, it } from 'vitest';
import { parseEventQuery } from '../../../../src/api/orders/events/event-routes.ts';

const parse = (query: string) => parseEventQuery(`/v2/events?${query}`, 'sandbox');

describe('created bounds', () => {
  it.each([
    'created[gte]=2026-02-30T00:00:00Z',
    'created[gte]=2026-11-31T00:00:00Z',
    'created[lt]=2026-11-31T00:00:00Z',
    'created[gte]=2026-11-27T24:00:00Z',
    'created[lte]=2026-11-27T23:60:00Z',
    'created[gt]=2026-11-27T23:59:60Z',
    'created[gte]=2025-02-29T00:00:00Z',
    'created[gte]=2026-00-10T00:00:00Z',
    'created[gte]=2026-13-45T00:00:00Z',
  ])('refuses the impossible %s, naming the parameter', (query) => {
    const parsed = parse(query);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toEqual([
      expect.objectContaining({ parameter: query.slice(0, query.indexOf('=')), code: 'invalid_created' }),
    ]);
  });

  it.each([
    ['created[gte]=2024-02-29T00:00:00Z', Date.UTC(2024, 1, 29)],
    ['created[gte]=2026-11-30T23:59:59.999Z', Date.UTC(2026, 10, 30, 23, 59, 59, 999)],
    ['created[gte]=2026-12-01T01:00:00%2B01:00', Date.UTC(2026, 11, 1)],
    ['created[gte]=1700000000', 1_700_000_000_000],
  ])('reads %s', (query, ms) => {
    const parsed = parse(query);
    expect(parsed).toMatchObject({ ok: true, query: { createdGteMs: ms } });
  });
});
