// Properties of v_blast_score over generated dependency graphs: the score stays in 0–100 and is
// the sum of its breakdown; more dependents or more traffic never lower any score; equal inputs
// give equal scores. Each run loads graphs side by side in one fixture and compares their twins.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withFixture } from '../../../helpers/fixture-db.ts';
import { edgeArbitrary, graphArbitrary, graphRows, type Graph } from './graph-arbitrary.ts';

interface ScoreRow {
  target_id: string;
  score: number;
  dependents_points: number;
  traffic_points: number;
  slow_callers_points: number;
  pending_change_points: number;
}

const scoreSql = `select target_id, score, dependents_points, traffic_points, slow_callers_points,
  pending_change_points from v_blast_score order by target_id`;

/** Scores of every target of graphs loaded side by side, keyed by target id. */
async function scoresOf(graphs: Graph[]): Promise<Map<string, ScoreRow>> {
  const rows = await withFixture(graphRows(graphs), (db) => db.query<ScoreRow>(scoreSql));
  return new Map(rows.map((row) => [row.target_id, row]));
}

/** The same target in graph 1 as `id` names in graph 0. */
const twin = (id: string): string => id.replace(/_g0$/, '_g1');

/** A graph and a grown copy: extra edges (possibly from one new consumer) and more traffic on one edge. */
const grownArbitrary = graphArbitrary.chain((graph) =>
  fc
    .record({
      newConsumer: fc.option(fc.constantFrom('human' as const, 'automation' as const, 'assistant' as const)),
      extraEdges: fc.array(edgeArbitrary(graph.consumerKinds.length + 1, graph.routes.length, graph.keys.length), {
        maxLength: 4,
      }),
      bump: fc.record({ index: fc.nat(), by: fc.integer({ min: 1, max: 100_000 }) }),
    })
    .map(({ newConsumer, extraEdges, bump }) => {
      const consumerKinds = newConsumer ? [...graph.consumerKinds, newConsumer] : graph.consumerKinds;
      const edges = graph.edges.map((edge, i) =>
        graph.edges.length > 0 && i === bump.index % graph.edges.length
          ? { ...edge, requestsPerDay: edge.requestsPerDay + bump.by }
          : edge,
      );
      const valid = extraEdges.filter((edge) => edge.consumer < consumerKinds.length);
      return { graph, grown: { ...graph, consumerKinds, edges: [...edges, ...valid] } };
    }),
);

describe('v_blast_score properties', () => {
  it('keeps every score in 0–100, equal to the sum of its breakdown', async () => {
    await fc.assert(
      fc.asyncProperty(graphArbitrary, async (graph) => {
        const scores = await scoresOf([graph]);
        for (const row of scores.values()) {
          expect(row.score).toBeGreaterThanOrEqual(0);
          expect(row.score).toBeLessThanOrEqual(100);
          const sum = row.dependents_points + row.traffic_points + row.slow_callers_points + row.pending_change_points;
          expect(Math.abs(row.score - sum)).toBeLessThan(0.051);
        }
      }),
      { numRuns: 15 },
    );
  });

  it('never lowers a score when dependents or traffic grow', async () => {
    await fc.assert(
      fc.asyncProperty(grownArbitrary, async ({ graph, grown }) => {
        const scores = await scoresOf([graph, grown]);
        for (const [id, row] of scores) {
          if (!id.endsWith('_g0')) continue;
          expect(scores.get(twin(id))?.score, id).toBeGreaterThanOrEqual(row.score);
        }
      }),
      { numRuns: 25 },
    );
  });

  it('gives equal scores to targets with equal inputs', async () => {
    await fc.assert(
      fc.asyncProperty(graphArbitrary, async (graph) => {
        const scores = await scoresOf([graph, graph]);
        for (const [id, row] of scores) {
          if (!id.endsWith('_g0')) continue;
          expect(scores.get(twin(id)), id).toEqual({ ...row, target_id: twin(id) });
        }
      }),
      { numRuns: 15 },
    );
  });
});
