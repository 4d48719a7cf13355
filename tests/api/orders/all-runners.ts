// Every runner, fresh: the handler, MSW in node, and the production server over HTTP.
import type { Runner } from './contract-types.ts';
import { handlerRunner, mswRunner, serverRunner } from './runners.ts';

/** Starts the three runners on fresh state. */
export async function allRunners(): Promise<Runner[]> {
  return [await handlerRunner(), await mswRunner(), await serverRunner()];
}
