// src/queries/blast/rotate.ts on the hand-computed blast fixture.
import { describe, expect, it } from 'vitest';
import { rotatePreview } from '../../../src/queries/blast/rotate.ts';
import { useBlastWorkspace } from './blast-workspace.ts';

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

  it('is undefined for an unknown key', async () => {
    expect(await rotatePreview('key_nope', ws())).toBeUndefined();
  });
});
