// Packs @estate-console/mocks once for every package test (its prepack builds dist/ from src/),
// into a temp folder that is removed afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { packMocks, type PackedMocks } from '../../../harness/pack-mocks.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    mocksPacked: PackedMocks;
  }
}

/** Vitest global setup: pack, provide the tarball's facts, and clean up after the run. */
export default function setup(project: TestProject): () => void {
  const destination = mkdtempSync(join(tmpdir(), 'estate-mocks-pack-'));
  project.provide('mocksPacked', packMocks(destination));
  return () => rmSync(destination, { recursive: true, force: true });
}
