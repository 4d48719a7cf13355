// An event's delivery outcome (GET /v2/events?delivery_success): true only once every delivery of
// it succeeded, false while one is pending or once one failed for good, undefined with none.
import { describe, expect, it } from 'vitest';
import { DeliveryOutcomes } from '../../../server/webhooks/outcomes.ts';

describe('DeliveryOutcomes', () => {
  it('knows nothing of an event without deliveries', () => {
    expect(new DeliveryOutcomes().of('evt_none')).toBeUndefined();
  });

  it('follows one endpoint: pending, then settled either way, then pending again on a resend', () => {
    const outcomes = new DeliveryOutcomes();
    outcomes.pend('evt_1', 'we_a');
    expect(outcomes.of('evt_1')).toBe(false);
    outcomes.settle('evt_1', 'we_a', true);
    expect(outcomes.of('evt_1')).toBe(true);
    outcomes.pend('evt_1', 'we_a');
    expect(outcomes.of('evt_1')).toBe(false);
    outcomes.settle('evt_1', 'we_a', false);
    expect(outcomes.of('evt_1')).toBe(false);
  });

  it('is true for an event with several endpoints only once every one succeeded', () => {
    const outcomes = new DeliveryOutcomes();
    outcomes.pend('evt_1', 'we_a');
    outcomes.settle('evt_1', 'we_a', true);
    outcomes.pend('evt_1', 'we_b');
    expect(outcomes.of('evt_1')).toBe(false);
    outcomes.settle('evt_1', 'we_b', true);
    expect(outcomes.of('evt_1')).toBe(true);
    outcomes.pend('evt_1', 'we_c');
    outcomes.settle('evt_1', 'we_c', false);
    expect(outcomes.of('evt_1')).toBe(false);
    outcomes.settle('evt_1', 'we_c', true);
    expect(outcomes.of('evt_1')).toBe(true);
  });

  it('keeps events apart', () => {
    const outcomes = new DeliveryOutcomes();
    outcomes.settle('evt_1', 'we_a', true);
    outcomes.settle('evt_2', 'we_a', false);
    expect([outcomes.of('evt_1'), outcomes.of('evt_2')]).toEqual([true, false]);
  });
});
