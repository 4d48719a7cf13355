// Logged requests read against the workspace: each joined to its key, route and consumer as the
// views know them (blast score, deprecation, name); ids the workspace lacks join to nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Workspace } from '../../src/node/db.ts';
import { annotateRequests } from '../../src/queries/live.ts';
import { keyRows, routeRows } from '../../src/queries/rows.ts';
import { consumerRows } from '../../src/queries/common.ts';
import type { FixtureDb } from '../helpers/fixture-db.ts';
import { record } from '../server/request-log/records.ts';
import { loadConsoleFixture } from './console-fixture.ts';

let db: FixtureDb;
let ws: Workspace;
beforeAll(async () => ({ db, ws } = await loadConsoleFixture()));
afterAll(() => db.close());

describe('annotateRequests', () => {
  it('joins each request to the workspace key, route and consumer it names', async () => {
    const [key] = await keyRows(ws);
    const route = (await routeRows(ws)).find((r) => r.deprecated) ?? (await routeRows(ws))[0];
    const [consumer] = await consumerRows(ws);
    if (!key || !route || !consumer) throw new Error('fixture has no key, route or consumer');
    const logged = {
      ...record(1, { key_id: key.key_id, route_id: route.route_id, consumer_id: consumer.consumer_id }),
      seq: 1,
    };
    const [row] = await annotateRequests([logged], ws);
    expect(row?.request).toBe(logged);
    expect([
      row?.key?.blast_score,
      row?.route?.blast_score,
      row?.route?.deprecated,
      row?.consumer?.name,
    ]).toEqual([key.blast_score, route.blast_score, route.deprecated, consumer.name]);
  });

  it.each([
    // unauthenticated: no key, no route, no consumer
    [{ key_id: null, route_id: null, consumer_id: null }],
    // a key issued on this server and a route the workspace does not publish
    [{ key_id: 'key_issuedHere00000', route_id: 'rt_unknown', consumer_id: 'con_unknown' }],
  ])('joins %j to nothing', async (ids) => {
    const [row] = await annotateRequests([{ ...record(2, ids), seq: 2 }], ws);
    expect([row?.key, row?.route, row?.consumer]).toEqual([null, null, null]);
  });

  it('reads nothing for no requests', async () => {
    expect(await annotateRequests([], ws)).toEqual([]);
  });
});
