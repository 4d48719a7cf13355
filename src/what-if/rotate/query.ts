// The rotate-a-key what-if, node side: who must switch to the new material, and the overlap
// window; previewRotate is the one call the page and the management API's dry run share.
// Node-only (DuckDB); the arithmetic the browser runs is ./outcome.ts.
import type { Workspace } from '../../node/db.ts';
import { period } from '../../queries/common.ts';
import { blastConstants } from '../../queries/blast/score.ts';
import { whatIfSql } from '../query.ts';
import { rotateOutcome, type RotateConsumerFacts, type RotateOutcome, type RotateSetup } from './outcome.ts';
import { z } from 'zod';

const rotateConsumerRow = z.object({
  consumer_id: z.string(),
  name: z.string(),
  primary_caller_kind: z.string(),
  requests_per_day: z.number(),
  routes: z.number(),
  other_active_keys: z.number(),
}) satisfies z.ZodType<RotateConsumerFacts>;

const rotateSummary = z.object({
  key_id: z.string(),
  label: z.string(),
  environment: z.string(),
  status: z.string(),
  expires_at: z.string().nullable(),
  consumers_to_switch: z.number(),
  requests_per_day: z.number(),
  automation_consumers: z.number(),
  assistant_consumers: z.number(),
  human_consumers: z.number(),
  routes_reached: z.number(),
  overlap_window_days: z.number(),
  has_overlap_window: z.boolean(),
  blast_score: z.number(),
});
/** Rotate-a-key summary (v_preview_rotate_key). */
export type RotateSummary = z.infer<typeof rotateSummary>;

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
  const sql = whatIfSql('rotate', { key_id: keyId }, db);
  const summary = await sql.first(rotateSummary, 'rotate_key');
  if (!summary) return undefined;
  const consumers = await sql.rows(rotateConsumerRow, 'rotate_key_consumers');
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
