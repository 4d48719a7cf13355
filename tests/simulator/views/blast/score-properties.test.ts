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

/** Graphs loaded as pairs (0, 1), (2, 3), …: the twin of a target in an even graph, or undefined. */
function twin(id: string): string | undefined {
  const match = /_g(\d+)$/.exec(id);
  const g = Number(match?.[1]);
  return g % 2 === 0 ? id.replace(/_g\d+$/, `_g${g + 1}`) : undefined;
}

/** Several cases per fixture: loading a database costs more than scoring many graphs. */
const batch = { minLength: 1, maxLength: 6 };

/** A graph and a grown copy: extra edges (possibly from one new consumer) and more traffic on one edge. */
const grownArbitrary = graphArbitrary.chain((graph) =>
  fc
    .record({
      newConsumer: fc.option(fc.constantFrom('human' as const, 'automation' as const, 'assistant' as const)),
      extraEdges: fc.array(
        edgeArbitrary(graph.consumerKinds.length + 1, graph.routes.length, graph.keys.length),
        {
          maxLength: 4,
        },
      ),
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
      fc.asyncProperty(fc.array(graphArbitrary, batch), async (graphs) => {
        const scores = await scoresOf(graphs);
        for (const row of scores.values()) {
          expect(row.score).toBeGreaterThanOrEqual(0);
          expect(row.score).toBeLessThanOrEqual(100);
          const sum =
            row.dependents_points + row.traffic_points + row.slow_callers_points + row.pending_change_points;
          expect(Math.abs(row.score - sum)).toBeLessThan(0.051);
        }
      }),
      { numRuns: 5 },
    );
  });

  it('never lowers a score when dependents or traffic grow', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(grownArbitrary, batch), async (cases) => {
        const scores = await scoresOf(cases.flatMap(({ graph, grown }) => [graph, grown]));
        for (const [id, row] of scores) {
          const other = twin(id);
          if (other) expect(scores.get(other)?.score, id).toBeGreaterThanOrEqual(row.score);
        }
      }),
      { numRuns: 8 },
    );
  });

  it('gives equal scores to targets with equal inputs', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(graphArbitrary, batch), async (graphs) => {
        const scores = await scoresOf(graphs.flatMap((graph) => [graph, graph]));
        for (const [id, row] of scores) {
          const other = twin(id);
          if (other) expect(scores.get(other), id).toEqual({ ...row, target_id: other });
        }
      }),
      { numRuns: 5 },
    );
  });
});
