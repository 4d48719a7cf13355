// The contract table (tests/api/orders/contract-cases.ts) on the built package's handlers: what
// `npm pack` ships answers every case exactly as the plain-data handler does.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  errorCases,
  happyCases,
  idempotencyCases,
  rateLimitCases,
  securityCases,
} from '../../api/orders/contract-cases.ts';
import { runEverywhere } from '../../api/orders/run-cases.ts';
import { handlerRunner, mswRunner, type MocksEntry } from '../../api/orders/runners.ts';
import type { Runner } from '../../api/orders/contract-types.ts';
import { packageDir } from '../../../harness/pack-mocks.ts';

const tables = { happyCases, errorCases, securityCases, rateLimitCases, idempotencyCases };

describe.each(Object.entries(tables))('the built package: %s', (_table, cases) => {
  let runners: Runner[] = [];
  beforeAll(async () => {
    // dist/ as the global setup's `npm pack` built and packed it
    const built = (await import(pathToFileURL(join(packageDir, 'dist/mocks/index.js')).href)) as MocksEntry;
    runners = [await handlerRunner(), await mswRunner(undefined, built, 'package')];
  });
  afterAll(async () => {
    await Promise.all(runners.map((r) => r.close()));
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, contractCase) => {
    await runEverywhere(runners, contractCase);
  });
});
