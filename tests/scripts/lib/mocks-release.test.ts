// `npm run mocks:release` is ready to publish the mocks package and cannot publish from a
// workstation: a dry run by default, a real publish with provenance only in CI on GitHub Actions.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { publishArgs } from '../../../scripts/lib/mocks-release.ts';

describe('publishArgs', () => {
  const tarball = '/tmp/estate-console-mocks-0.1.0.tgz';
  const github = { CI: 'true', GITHUB_ACTIONS: 'true' };

  it.each([
    ['a dry run by default, even in CI', false, github],
    ['a dry run by default on a workstation', false, {}],
  ])('%s', (_name, publish, env) => {
    expect(publishArgs(tarball, { publish, env })).toEqual([
      'publish',
      tarball,
      '--access',
      'public',
      '--provenance',
      '--dry-run',
    ]);
  });

  it.each([
    ['a workstation', {}],
    ['CI elsewhere than GitHub Actions', { CI: 'true' }],
  ])('refuses --publish on %s', (_name, env) => {
    expect(() => publishArgs(tarball, { publish: true, env })).toThrow(/only in CI on GitHub Actions/);
  });

  it('publishes with provenance in CI on GitHub Actions', () => {
    expect(publishArgs(tarball, { publish: true, env: github })).toEqual([
      'publish',
      tarball,
      '--access',
      'public',
      '--provenance',
    ]);
  });
});

describe('the mocks package', () => {
  const manifest = JSON.parse(readFileSync('packages/mocks/package.json', 'utf8')) as Record<string, unknown>;
  const root = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };

  it('states a license, ships its text, and publishes publicly with provenance', () => {
    expect(manifest).toMatchObject({ license: 'MIT', publishConfig: { access: 'public', provenance: true } });
    expect(manifest.files).toContain('LICENSE');
    expect(readFileSync('packages/mocks/LICENSE', 'utf8')).toMatch(/^MIT License/);
  });

  it('has a release script', () => {
    expect(root.scripts['mocks:release']).toBe('node scripts/release-mocks.ts');
  });
});
