// src/what-if/throttle/query.ts on the hand-computed blast fixture: the throttle setup the page
// embeds predicts exactly what the SQL macro predicts.
import { describe, expect, it } from 'vitest';
import { predictThrottle, sortThrottleRows } from '../../../src/what-if/throttle/outcome.ts';
import { throttlePreview, throttleSetup } from '../../../src/what-if/throttle/query.ts';
import { useBlastWorkspace } from '../../queries/blast/blast-workspace.ts';

const ws = useBlastWorkspace();

describe('throttle', () => {
  it('starts from the key’s current budget, with a histogram that predicts what SQL predicts', async () => {
    const setup = await throttleSetup('key_prod_a', ws());
    // key() gives 600 rpm; levels: con_human 10, 50 (10 + 20 min), 80; con_bot 100; con_agent 30.
    expect(setup.rpm_budget).toBe(600);
    expect(setup.histogram.days).toBe(10);
    expect(setup.histogram.levels).toContainEqual({
      consumer_id: 'con_human',
      key_id: 'key_prod_a',
      requests_per_minute: 50,
      minutes: 30,
    });
    for (const rpm of [0, 25, 40, 99]) {
      const sql = await throttlePreview('key_prod_a', rpm, ws());
      expect(sortThrottleRows(predictThrottle(setup.histogram, rpm))).toEqual(sql);
    }
  });

  it('uses the busiest key’s budget for a consumer', async () => {
    // con_agent: key_prod_a 100/day, key_prod_b 30/day; both 600 rpm.
    expect((await throttleSetup('con_agent', ws())).rpm_budget).toBe(600);
  });

  it('refuses a budget that is not a whole number of requests', () => {
    expect(() => throttlePreview('key_prod_a', 1.5, ws())).toThrow(/whole number/);
    expect(() => throttlePreview('key_prod_a', -1, ws())).toThrow(/whole number/);
  });
});
