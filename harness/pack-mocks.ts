// Packs packages/mocks exactly as `npm publish` would (its prepack script builds dist/ first) and
// says what the tarball holds. Used by the package tests' global setup and by `npm run bench -- mocks`.
import { execFileSync, spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The package's folder. */
export const packageDir = resolve('packages/mocks');

/** A packed tarball: where it is, its size packed and unpacked (bytes), and its files. */
export interface PackedMocks {
  tarball: string;
  size: number;
  unpackedSize: number;
  files: string[];
}

/** Runs `npm pack` in packages/mocks, writing the tarball into `destination`. */
export function packMocks(destination: string): PackedMocks {
  const result = spawnSync('npm', ['pack', '--json', '--pack-destination', destination], {
    cwd: packageDir,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`npm pack failed:\n${result.stdout}\n${result.stderr}`);
  // prepack's own output (the build) precedes npm's JSON report
  const json = result.stdout.slice(result.stdout.indexOf('\n[') + 1);
  const [report] = JSON.parse(json) as {
    filename: string;
    size: number;
    unpackedSize: number;
    files: { path: string }[];
  }[];
  if (!report) throw new Error(`npm pack reported nothing:\n${result.stdout}`);
  return {
    tarball: join(destination, report.filename),
    size: report.size,
    unpackedSize: report.unpackedSize,
    files: report.files.map((f) => f.path).sort(),
  };
}

/** The facts of a tarball packed before (`npm run mocks:release` tests the very file it publishes). */
export function describeTarball(tarball: string): PackedMocks {
  const listing = execFileSync('tar', ['-tzvf', tarball], { encoding: 'utf8' }).trim().split('\n');
  const entries = listing.map((line) => {
    const [, , size = '0', , , ...path] = line.trim().split(/\s+/);
    return { size: Number(size), path: path.join(' ').replace(/^package\//, '') };
  });
  return {
    tarball,
    size: statSync(tarball).size,
    unpackedSize: entries.reduce((sum, entry) => sum + entry.size, 0),
    files: entries.map((entry) => entry.path).sort(),
  };
}
