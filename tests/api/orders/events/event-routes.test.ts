// GET /v2/events' query: a `created[...]` bound is a date (its midnight UTC), a date-time with an
// offset or Unix seconds; one without an offset is refused (the server's time zone would decide
// it), and so is a date or time that does not exist (30 February, 31 November, 24:00), naming the
// parameter, not rolled over into the next day or month. A bound finer than the ms keeps its side.
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
    'created[lt]=2026-11-28T08:14:47',
    'created[gte]=2026-11-28T08:14',
    'created[gte]=2026-11-28T08:14:47%2B24:00',
  ])('refuses %s (impossible, or without an offset), naming the parameter', (query) => {
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
    ['created[gte]=2026-11-28', Date.UTC(2026, 10, 28)],
    ['created[gte]=2026-11-28T08:14:47.1234Z', Date.UTC(2026, 10, 28, 8, 14, 47, 124)],
    ['created[gt]=2026-11-28T08:14:47.1234Z', Date.UTC(2026, 10, 28, 8, 14, 47, 124)],
    ['created[gt]=2026-11-28T08:14:47.123Z', Date.UTC(2026, 10, 28, 8, 14, 47, 124)],
    ['created[gte]=2026-11-28T09:30-01:30', Date.UTC(2026, 10, 28, 11, 0)],
  ])('reads %s', (query, ms) => {
    const parsed = parse(query);
    expect(parsed).toMatchObject({ ok: true, query: { createdGteMs: ms } });
  });

  it.each([
    ['created[lt]=2026-11-28', Date.UTC(2026, 10, 28)],
    ['created[lt]=2026-11-28T08:14:47.1234Z', Date.UTC(2026, 10, 28, 8, 14, 47, 124)],
    ['created[lte]=2026-11-28T08:14:47.1234Z', Date.UTC(2026, 10, 28, 8, 14, 47, 124)],
    ['created[lte]=2026-11-28T08:14:47.123Z', Date.UTC(2026, 10, 28, 8, 14, 47, 124)],
  ])('reads the upper bound %s (events before the ms given)', (query, ms) => {
    const parsed = parse(query);
    expect(parsed).toMatchObject({ ok: true, query: { createdLtMs: ms } });
  });
});
