// Client errors, run on every serving path (see ./contract-cases.ts).
import { describe, it } from 'vitest';
import { errorCases } from './contract-cases.ts';
import { runEverywhere } from './run-cases.ts';
import { useAllRunners } from './all-runners.ts';

describe('POST /v2/orders: client errors', () => {
  const runners = useAllRunners();
  it.each(errorCases.map((c) => [c.name, c] as const))('%s', async (_name, contractCase) => {
    await runEverywhere(runners.all(), contractCase);
  });
});
