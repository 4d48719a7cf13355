// Idempotency-Key, run on every serving path (see ./contract-cases.ts).
import { describe, it } from 'vitest';
import { idempotencyCases } from './contract-cases.ts';
import { runEverywhere } from './run-cases.ts';
import { useAllRunners } from './all-runners.ts';

describe('Idempotency-Key: orders and webhook registrations', () => {
  const runners = useAllRunners();
  it.each(idempotencyCases.map((c) => [c.name, c] as const))('%s', async (_name, contractCase) => {
    await runEverywhere(runners.all(), contractCase);
  });
});
