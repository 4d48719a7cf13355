// Every runner, fresh: the handler, MSW in node, and the production server over HTTP (which is also
// what `npm run dev` serves the API with).
import { afterAll, beforeAll } from 'vitest';
import type { Runner } from './contract-types.ts';
import { handlerRunner, mswRunner, serverRunner } from './runners.ts';

/** Starts every runner on fresh state. */
export async function allRunners(): Promise<Runner[]> {
  return [await handlerRunner(), await mswRunner(), await serverRunner()];
}

/** The runners of one test file, by name; started before its tests and closed after them. */
export interface RunnerSet {
  all(): Runner[];
  named(name: string): Runner;
}

/** Registers hooks that start every runner for a test file and close them whatever happens. */
export function useAllRunners(): RunnerSet {
  let runners: Runner[] = [];
  beforeAll(async () => {
    runners = await allRunners();
  });
  afterAll(async () => {
    await Promise.all(runners.map((r) => r.close()));
  });
  return {
    all: () => runners,
    named(name) {
      const runner = runners.find((r) => r.name === name);
      if (!runner) throw new Error(`no runner ${name}`);
      return runner;
    },
  };
}
