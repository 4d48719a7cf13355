// Every runner, fresh: the handler, MSW in node, the production server over HTTP, and the Astro
// endpoints (the serving path of `astro dev` and other adapters).
import type { Runner } from './contract-types.ts';
import { astroRunner, handlerRunner, mswRunner, serverRunner } from './runners.ts';

/** Starts every runner on fresh state. */
export async function allRunners(): Promise<Runner[]> {
  return [await handlerRunner(), await mswRunner(), await serverRunner(), await astroRunner()];
}
