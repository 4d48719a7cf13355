// Client errors, run on every serving path (see ./contract-cases.ts).
import { afterAll, beforeAll, describe, it } from 'vitest';
import { errorCases } from './contract-cases.ts';
import type { Runner } from './contract-types.ts';
import { runEverywhere } from './run-cases.ts';
import { allRunners } from './all-runners.ts';

describe('POST /v2/orders: client errors', () => {
  let runners: Runner[] = [];
  beforeAll(async () => {
    runners = await allRunners();
  });
  afterAll(async () => {
    await Promise.all(runners.map((r) => r.close()));
  });
  it.each(errorCases.map((c) => [c.name, c] as const))('%s', async (_name, contractCase) => {
    await runEverywhere(runners, contractCase);
  });
});
