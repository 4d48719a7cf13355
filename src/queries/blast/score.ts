// A blast target's score and its breakdown, and the formula's constants (v_blast_score,
// v_blast_constants). SQL in src/queries/sql/blast/, one query per file.
import type { Workspace } from '../../node/db.ts';
import { runOne, runQuery } from '../sql-file.ts';

/** A kind of blast target. */
export type TargetType = 'key' | 'route' | 'function';

/** A target's score with one `*_points` column per term of the formula (v_blast_score). */
export interface BlastScoreRow {
  target_type: TargetType;
  target_id: string;
  label: string;
  score: number;
  is_high_blast: boolean;
  is_rotation_risk: boolean;
  environment: string;
  environment_weight: number;
  dependents: number;
  slow_dependents: number;
  requests_per_day: number;
  pending_change: boolean;
  dependents_points: number;
  traffic_points: number;
  slow_callers_points: number;
  pending_change_points: number;
  reason: string;
}

/** The formula's constants (v_blast_constants), with the traffic cap and high-blast threshold. */
export interface BlastConstants {
  dependents_weight: number;
  dependents_scale: number;
  key_dependents_scale: number;
  traffic_weight: number;
  traffic_ref_per_day: number;
  slow_callers_weight: number;
  slow_callers_scale: number;
  pending_change_weight: number;
  pending_change_scale: number;
  production_weight: number;
  staging_weight: number;
  sandbox_weight: number;
  rotation_overlap_days: number;
  rotation_overlap_min_days: number;
  retire_notice_days: number;
  sunset_soon_days: number;
  traffic_cap_per_day: number;
  high_blast_score: number;
}

/** One target's blast score and breakdown; undefined for an unknown target. */
export async function blastScore(
  targetType: TargetType,
  targetId: string,
  db?: Workspace,
): Promise<BlastScoreRow | undefined> {
  const rows = await runQuery<BlastScoreRow>(
    'blast',
    'score',
    { target_type: targetType, target_id: targetId },
    db,
  );
  return rows[0];
}

/** The formula's constants. */
export async function blastConstants(db?: Workspace): Promise<BlastConstants> {
  return runOne<BlastConstants>('blast', 'constants', {}, db);
}
