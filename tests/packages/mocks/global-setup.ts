// Packs @estate-console/mocks once for every package test (its prepack builds dist/ from src/),
// into a temp folder that is removed afterwards; or, under `npm run mocks:release`, takes the
// tarball it is about to publish (ESTATE_MOCKS_TARBALL), so that very file is what is proven.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { describeTarball, packMocks, type PackedMocks } from '../../../harness/pack-mocks.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    mocksPacked: PackedMocks;
  }
}

/** Vitest global setup: pack, provide the tarball's facts, and clean up after the run. */
export default function setup(project: TestProject): () => void {
  const given = process.env.ESTATE_MOCKS_TARBALL;
  if (given) {
    project.provide('mocksPacked', describeTarball(given));
    return () => undefined;
  }
  const destination = mkdtempSync(join(tmpdir(), 'estate-mocks-pack-'));
  project.provide('mocksPacked', packMocks(destination));
  return () => rmSync(destination, { recursive: true, force: true });
}
