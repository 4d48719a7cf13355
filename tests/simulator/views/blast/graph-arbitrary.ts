// Generated dependency graphs for the blast-score properties: consumers of each caller kind, keys
// and routes in each environment (some expiring or deprecated), functions on routes, and edges
// consumer → route through a key with a whole number of requests per day.
import fc from 'fast-check';
import { baseFixture, type FixtureRows } from '../../../helpers/fixture-db.ts';
import { consumer, fixtureDays, fn, key, route, traffic } from '../../../helpers/fixture-rows.ts';

/** One consumer's traffic on a route through a key, in requests per day. */
export interface Edge {
  consumer: number;
  route: number;
  key: number;
  requestsPerDay: number;
}

/** A generated graph, by index: the rows are built by `graphRows`. */
export interface Graph {
  consumerKinds: ('human' | 'automation' | 'assistant')[];
  keys: { environment: 'production' | 'staging' | 'sandbox'; expiring: boolean }[];
  routes: { stage: 'prod' | 'staging' | 'sandbox'; deprecated: boolean }[];
  /** The route each function backs, and an optional second route it also serves. */
  functions: { route: number; alsoServes: number | null }[];
  edges: Edge[];
}

const kind = fc.constantFrom('human' as const, 'automation' as const, 'assistant' as const);

/** Graphs of 1–6 consumers, 1–4 keys, 1–4 routes, 1–4 functions and up to 12 edges. */
export const graphArbitrary: fc.Arbitrary<Graph> = fc
  .record({
    consumers: fc.integer({ min: 1, max: 6 }),
    keys: fc.integer({ min: 1, max: 4 }),
    routes: fc.integer({ min: 1, max: 4 }),
  })
  .chain(({ consumers, keys, routes }) =>
    fc.record({
      consumerKinds: fc.array(kind, { minLength: consumers, maxLength: consumers }),
      keys: fc.array(
        fc.record({
          environment: fc.constantFrom('production' as const, 'staging' as const, 'sandbox' as const),
          expiring: fc.boolean(),
        }),
        { minLength: keys, maxLength: keys },
      ),
      routes: fc.array(
        fc.record({
          stage: fc.constantFrom('prod' as const, 'staging' as const, 'sandbox' as const),
          deprecated: fc.boolean(),
        }),
        { minLength: routes, maxLength: routes },
      ),
      functions: fc.array(
        fc.record({
          route: fc.integer({ min: 0, max: routes - 1 }),
          alsoServes: fc.option(fc.integer({ min: 0, max: routes - 1 })),
        }),
        { minLength: 1, maxLength: 4 },
      ),
      edges: fc.array(edgeArbitrary(consumers, routes, keys), { maxLength: 12 }),
    }),
  );

/** An edge within a graph of the given sizes; traffic from 0 to a billion requests per day. */
export function edgeArbitrary(consumers: number, routes: number, keys: number): fc.Arbitrary<Edge> {
  return fc.record({
    consumer: fc.integer({ min: 0, max: consumers - 1 }),
    route: fc.integer({ min: 0, max: routes - 1 }),
    key: fc.integer({ min: 0, max: keys - 1 }),
    requestsPerDay: fc.oneof(fc.integer({ min: 0, max: 5_000 }), fc.integer({ min: 0, max: 1_000_000_000 })),
  });
}

/** The fixture rows of one or more graphs side by side; graph i's ids carry the suffix `_g<i>`. */
export function graphRows(graphs: Graph[]): FixtureRows {
  const rows: Required<
    Pick<
      FixtureRows,
      | 'consumers'
      | 'keys'
      | 'routes'
      | 'functions'
      | 'route_functions'
      | 'consumer_keys'
      | 'consumer_routes'
      | 'traffic_daily'
    >
  > = {
    consumers: [],
    keys: [],
    routes: [],
    functions: [],
    route_functions: [],
    consumer_keys: [],
    consumer_routes: [],
    traffic_daily: [],
  };
  graphs.forEach((graph, g) => {
    const id = (prefix: string, i: number): string => `${prefix}_${i}_g${g}`;
    graph.consumerKinds.forEach((primary_caller_kind, i) =>
      rows.consumers.push(consumer({ consumer_id: id('con', i), primary_caller_kind })),
    );
    graph.keys.forEach((k, i) =>
      rows.keys.push(
        key({
          key_id: id('key', i),
          environment: k.environment,
          expires_at: k.expiring ? '2026-11-10 00:00:00' : null,
        }),
      ),
    );
    graph.routes.forEach((r, i) =>
      rows.routes.push(
        route({
          route_id: id('rt', i),
          stage: r.stage,
          deprecated: r.deprecated,
          deprecated_at: r.deprecated ? '2026-06-01' : null,
          sunset_at: r.deprecated ? '2027-01-01' : null,
        }),
      ),
    );
    graph.functions.forEach((f, i) => {
      rows.functions.push(fn({ function_id: id('fn', i), route_id: id('rt', f.route) }));
      rows.route_functions.push({ route_id: id('rt', f.route), function_id: id('fn', i) });
      if (f.alsoServes !== null && f.alsoServes !== f.route)
        rows.route_functions.push({ route_id: id('rt', f.alsoServes), function_id: id('fn', i) });
    });
    const seen = new Set<string>();
    for (const edge of graph.edges) {
      const [c, r, k] = [id('con', edge.consumer), id('rt', edge.route), id('key', edge.key)];
      const pair = `${c}|${k}`;
      if (!seen.has(pair)) rows.consumer_keys.push({ consumer_id: c, key_id: k });
      seen.add(pair);
      const triple = `${c}|${r}|${k}`;
      if (seen.has(triple)) continue;
      seen.add(triple);
      rows.consumer_routes.push({ consumer_id: c, route_id: r, key_id: k });
      const requests = edge.requestsPerDay * fixtureDays;
      const callerKind = graph.consumerKinds[edge.consumer] ?? 'human';
      rows.traffic_daily.push(
        traffic({
          day: '2026-10-31',
          route_id: r,
          consumer_id: c,
          key_id: k,
          requests,
          requests_automation: callerKind === 'automation' ? requests : 0,
          requests_assistant: callerKind === 'assistant' ? requests : 0,
        }),
      );
    }
  });
  return { ...baseFixture(), ...rows };
}
