// src/queries/blast/score.ts on the hand-computed blast fixture: a target's score, breakdown and
// reason, and the formula's constants.
import { describe, expect, it } from 'vitest';
import { blastConstants, blastScore } from '../../../src/queries/blast/score.ts';
import { useBlastWorkspace } from './blast-workspace.ts';

const ws = useBlastWorkspace();

describe('blastScore', () => {
  it('reads one target with its breakdown and reason', async () => {
    const row = await blastScore('key', 'key_prod_a', ws());
    expect(row).toMatchObject({ score: 40.5, dependents: 3, requests_per_day: 800, pending_change: true });
    expect(row?.reason).toMatch(/^Production key used by 3 consumers/);
  });

  it('is undefined for an unknown target or a mismatched type', async () => {
    expect(await blastScore('key', 'key_nope', ws())).toBeUndefined();
    expect(await blastScore('route', 'key_prod_a', ws())).toBeUndefined();
  });

  it('reads the formula constants with the traffic cap', async () => {
    // 10 hot paths × 200,000 requests/day.
    expect(await blastConstants(ws())).toMatchObject({
      traffic_cap_per_day: 2_000_000,
      high_blast_score: 55,
    });
  });
});
