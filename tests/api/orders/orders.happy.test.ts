// Success paths, run on every serving path (see ./contract-cases.ts).
import { describe, it } from 'vitest';
import { happyCases } from './contract-cases.ts';
import { runEverywhere } from './run-cases.ts';
import { useAllRunners } from './all-runners.ts';

describe('POST /v2/orders: happy paths', () => {
  const runners = useAllRunners();
  it.each(happyCases.map((c) => [c.name, c] as const))('%s', async (_name, contractCase) => {
    await runEverywhere(runners.all(), contractCase);
  });
});
