// A blast target's score and its breakdown, and the formula's constants (v_blast_score,
// v_blast_constants). SQL in src/queries/sql/blast/, one query per file.
import type { Workspace } from '../../node/db.ts';
import { runOne, runQuery } from '../sql-file.ts';
import { z } from 'zod';

const targetType = z.enum(['key', 'route', 'function']);
/** A kind of blast target. */
export type TargetType = z.infer<typeof targetType>;

const blastScoreRow = z.object({
  target_type: targetType,
  target_id: z.string(),
  label: z.string(),
  score: z.number(),
  is_high_blast: z.boolean(),
  is_rotation_risk: z.boolean(),
  environment: z.string(),
  environment_weight: z.number(),
  dependents: z.number(),
  slow_dependents: z.number(),
  requests_per_day: z.number(),
  pending_change: z.boolean(),
  dependents_points: z.number(),
  traffic_points: z.number(),
  slow_callers_points: z.number(),
  pending_change_points: z.number(),
  reason: z.string(),
});
/** A target's score with one `*_points` column per term of the formula (v_blast_score). */
export type BlastScoreRow = z.infer<typeof blastScoreRow>;

const blastConstantsRow = z.object({
  dependents_weight: z.number(),
  dependents_scale: z.number(),
  key_dependents_scale: z.number(),
  traffic_weight: z.number(),
  traffic_ref_per_day: z.number(),
  slow_callers_weight: z.number(),
  slow_callers_scale: z.number(),
  pending_change_weight: z.number(),
  pending_change_scale: z.number(),
  production_weight: z.number(),
  staging_weight: z.number(),
  sandbox_weight: z.number(),
  rotation_overlap_days: z.number(),
  rotation_overlap_min_days: z.number(),
  retire_notice_days: z.number(),
  sunset_soon_days: z.number(),
  traffic_cap_per_day: z.number(),
  high_blast_score: z.number(),
});
/** The formula's constants (v_blast_constants), with the traffic cap and high-blast threshold. */
export type BlastConstants = z.infer<typeof blastConstantsRow>;

/** One target's blast score and breakdown; undefined for an unknown target. */
export async function blastScore(
  targetType: TargetType,
  targetId: string,
  db?: Workspace,
): Promise<BlastScoreRow | undefined> {
  const rows = await runQuery(
    blastScoreRow,
    'blast',
    'score',
    { target_type: targetType, target_id: targetId },
    db,
  );
  return rows[0];
}

/** The formula's constants. */
export async function blastConstants(db?: Workspace): Promise<BlastConstants> {
  return runOne(blastConstantsRow, 'blast', 'constants', {}, db);
}
