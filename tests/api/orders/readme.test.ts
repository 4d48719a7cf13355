// The test-mode guide's curl example (docs/test-mode.md) stays true: its key is the default world's demo sandbox key, and its
// customer and sku exist in that world.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../simulator/config.ts';
import { buildWorld } from '../../../simulator/world/index.ts';
import { demoSandboxKey } from '../../../src/mocks/demo-key.ts';

const section = readFileSync('docs/test-mode.md', 'utf8');

describe('docs/test-mode.md, Try it with curl', () => {
  it('documents the demo sandbox key of the default world', () => {
    expect(section).toContain(`Authorization: Bearer ${demoSandboxKey()}`);
  });

  it('uses a customer and a sku that exist in the default world', () => {
    const world = buildWorld(defaultConfig);
    const [, customer, sku] = /"customer":"(cus_\w+)","lines":\[\{"sku":"(sku_\w+)"/.exec(section) ?? [];
    expect(world.customers.map((c) => c.customer_id)).toContain(customer);
    expect(world.skus.map((s) => s.sku)).toContain(sku);
  });
});
