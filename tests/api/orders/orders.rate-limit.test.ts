// Rpm budgets and plan quotas, run on every serving path (see ./contract-cases.ts).
import { describe, it } from 'vitest';
import { rateLimitCases } from './contract-cases.ts';
import { runEverywhere } from './run-cases.ts';
import { useAllRunners } from './all-runners.ts';

describe('POST /v2/orders: rpm budgets and plan quotas', () => {
  const runners = useAllRunners();
  it.each(rateLimitCases.map((c) => [c.name, c] as const))('%s', async (_name, contractCase) => {
    await runEverywhere(runners.all(), contractCase);
  });
});
