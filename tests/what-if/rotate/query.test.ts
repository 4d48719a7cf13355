// src/what-if/rotate/query.ts on the hand-computed blast fixture.
import { describe, expect, it } from 'vitest';
import { rotateOutcome } from '../../../src/what-if/rotate/outcome.ts';
import { rotatePreview } from '../../../src/what-if/rotate/query.ts';
import { useBlastWorkspace } from '../../queries/blast/blast-workspace.ts';

const ws = useBlastWorkspace();

describe('rotatePreview', () => {
  it('gives the summary and the consumers busiest first', async () => {
    const data = await rotatePreview('key_prod_a', ws());
    expect(data?.summary).toMatchObject({
      consumers_to_switch: 3,
      requests_per_day: 800,
      has_overlap_window: false,
    });
    expect(data?.consumers.map((c) => [c.consumer_id, c.requests_per_day])).toEqual([
      ['con_human', 500],
      ['con_bot', 200],
      ['con_agent', 100],
    ]);
  });

  it('embeds a setup that, at the policy window, gives the overlap the views give', async () => {
    for (const keyId of ['key_prod_a', 'key_prod_b', 'key_sandbox']) {
      const data = await rotatePreview(keyId, ws());
      if (!data) throw new Error(`no rotate preview for ${keyId}`);
      const outcome = rotateOutcome(data.setup, data.setup.policy_overlap_days);
      expect([keyId, outcome.overlap_days, outcome.usable]).toEqual([
        keyId,
        data.summary.overlap_window_days,
        data.summary.has_overlap_window,
      ]);
    }
    // key_prod_a expires 4 days after the as-of date: the 14-day policy is cut to 4, not usable
    const a = await rotatePreview('key_prod_a', ws());
    expect(a?.setup).toMatchObject({ as_of: '2026-11-01', policy_overlap_days: 14, min_overlap_days: 7 });
  });

  it('is undefined for an unknown key', async () => {
    expect(await rotatePreview('key_nope', ws())).toBeUndefined();
  });
});
