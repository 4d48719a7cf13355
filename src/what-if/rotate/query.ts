// The rotate-a-key what-if, node side: who must switch to the new material, and the overlap
// window; previewRotate is the one call the page and the management API's dry run share.
// Node-only (DuckDB); the arithmetic the browser runs is ./outcome.ts.
import type { Workspace } from '../../node/db.ts';
import { period } from '../../queries/common.ts';
import { blastConstants } from '../../queries/blast/score.ts';
import { runSqlFile } from '../../queries/sql-file.ts';
import { rotateOutcome, type RotateConsumerFacts, type RotateOutcome, type RotateSetup } from './outcome.ts';

const sql = (name: string) => `src/what-if/rotate/sql/${name}.sql`;

/** Rotate-a-key summary (v_preview_rotate_key). */
export interface RotateSummary {
  key_id: string;
  label: string;
  environment: string;
  status: string;
  expires_at: string | null;
  consumers_to_switch: number;
  requests_per_day: number;
  automation_consumers: number;
  assistant_consumers: number;
  human_consumers: number;
  routes_reached: number;
  overlap_window_days: number;
  has_overlap_window: boolean;
  blast_score: number;
}

/** A consumer that must switch to the new key material. */
export type RotateConsumer = RotateConsumerFacts;

/** The rotate what-if of one key, with the setup the page embeds to answer other overlaps. */
export interface RotatePreviewData {
  summary: RotateSummary;
  consumers: RotateConsumer[];
  setup: RotateSetup;
}

/** Rotate-a-key what-if; undefined for an unknown key. */
export async function rotatePreview(keyId: string, db?: Workspace): Promise<RotatePreviewData | undefined> {
  const [summary] = await runSqlFile<RotateSummary>(sql('rotate_key'), { key_id: keyId }, db);
  if (!summary) return undefined;
  const consumers = await runSqlFile<RotateConsumer>(sql('rotate_key_consumers'), { key_id: keyId }, db);
  const constants = await blastConstants(db);
  const setup: RotateSetup = {
    key_id: keyId,
    as_of: (await period(db)).as_of,
    status: summary.status,
    expires_at: summary.expires_at,
    policy_overlap_days: constants.rotation_overlap_days,
    min_overlap_days: constants.rotation_overlap_min_days,
    consumers,
  };
  return { summary, consumers, setup };
}

/**
 * The rotate what-if for a key and a proposed overlap of `overlapDays` whole days, as the page
 * computes it: for the console page and the management API's dry run; undefined for an unknown key.
 */
export async function previewRotate(
  db: Workspace,
  { keyId, overlapDays }: { keyId: string; overlapDays: number },
): Promise<RotateOutcome | undefined> {
  const data = await rotatePreview(keyId, db);
  return data && rotateOutcome(data.setup, overlapDays);
}
