// How `npm run mocks:release` hands the tested tarball to npm: a dry run unless asked to publish,
// and a real publish only in CI on GitHub Actions, whose OIDC identity signs the provenance
// statement (`publishConfig.provenance`); never from a workstation.
import { UsageError } from './cli-args.ts';

/** What the release was asked for, and where it runs. */
export interface ReleaseRequest {
  /** `--publish`: really publish (CI only). */
  publish: boolean;
  env: NodeJS.ProcessEnv;
}

/** The `npm` arguments that publish `tarball`: `--dry-run` unless a real publish is allowed here. */
export function publishArgs(tarball: string, { publish, env }: ReleaseRequest): string[] {
  const args = ['publish', tarball, '--access', 'public', '--provenance'];
  if (!publish) return [...args, '--dry-run'];
  if (env.CI !== 'true' || env.GITHUB_ACTIONS !== 'true') {
    throw new UsageError(
      '--publish runs only in CI on GitHub Actions (CI=true, GITHUB_ACTIONS=true), whose identity signs the provenance; without it, this is a dry run',
    );
  }
  return args;
}
