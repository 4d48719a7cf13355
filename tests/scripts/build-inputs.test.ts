// Whether `npm start` builds again: the digest of the build's inputs changes when a source, the
// workspace, the issued keys or the build's environment change, and only then.
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  buildInputsDigest,
  buildNeeded,
  forgetBuild,
  recordBuild,
  type BuildData,
} from '../../scripts/build-inputs.ts';

let root: string;
let data: BuildData;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'estate-build-inputs-'));
  mkdirSync(join(root, 'src/pages'), { recursive: true });
  writeFileSync(join(root, 'src/pages/index.astro'), '<h1>Overview</h1>\n');
  writeFileSync(join(root, 'astro.config.mjs'), 'export default {};\n');
  writeFileSync(join(root, 'package.json'), '{}\n');
  mkdirSync(join(root, 'data'));
  data = { dataFile: join(root, 'data/estate.duckdb'), issuedKeysFile: join(root, 'data/issued-keys.jsonl') };
  writeFileSync(data.dataFile, 'workspace bytes');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const digest = (env: NodeJS.ProcessEnv = {}, files: BuildData = data) => buildInputsDigest(root, env, files);

describe('buildInputsDigest', () => {
  it('is the same for the same inputs, wherever the project and its workspace are', async () => {
    const before = await digest();
    expect(await digest()).toBe(before);
    const moved = mkdtempSync(join(tmpdir(), 'estate-build-inputs-moved-'));
    try {
      cpSync(root, moved, { recursive: true });
      const movedData = { dataFile: join(moved, 'data/estate.duckdb'), issuedKeysFile: join(moved, 'none') };
      expect(await buildInputsDigest(moved, {}, movedData)).toBe(before);
    } finally {
      rmSync(moved, { recursive: true, force: true });
    }
  });

  it.each([
    ['a source is edited', () => appendFileSync(join(root, 'src/pages/index.astro'), '<p>more</p>\n')],
    ['a source is added', () => writeFileSync(join(root, 'src/pages/keys.astro'), '<h1>Keys</h1>\n')],
    [
      'a source is renamed',
      () => cpSync(join(root, 'src/pages/index.astro'), join(root, 'src/pages/home.astro')),
    ],
    [
      'the Astro configuration changes',
      () => writeFileSync(join(root, 'astro.config.mjs'), 'export default { a: 1 };\n'),
    ],
    ['the dependencies change', () => writeFileSync(join(root, 'package-lock.json'), '{"v":2}\n')],
    ['the workspace is simulated again', () => writeFileSync(data.dataFile, 'other workspace bytes')],
    ['a key is issued', () => writeFileSync(data.issuedKeysFile, '{"key_id":"key_1"}\n')],
  ])('changes when %s', async (_, change) => {
    const before = await digest();
    change();
    expect(await digest()).not.toBe(before);
  });

  it('changes with the environment the build reads, not with any other', async () => {
    const before = await digest({ PORT: '4321' });
    expect(await digest({ PORT: '8080', CONSOLE_TOKEN: 'secret' })).toBe(before);
    expect(await digest({ CONSOLE_RENDER: 'request' })).not.toBe(before);
    expect(await digest({ PUBLIC_ESTATE_API_MODE: 'mock' })).not.toBe(before);
  });
});

describe('buildNeeded', () => {
  it('is true without a build, false once the build is recorded, true after a change or a forgotten build', async () => {
    const dist = join(root, 'dist');
    const inputs = await digest();
    expect(buildNeeded(dist, inputs)).toBe(true);
    mkdirSync(join(dist, 'server'), { recursive: true });
    writeFileSync(join(dist, 'server/entry.mjs'), '');
    expect(buildNeeded(dist, inputs)).toBe(true);
    recordBuild(dist, inputs);
    expect(buildNeeded(dist, inputs)).toBe(false);
    writeFileSync(data.dataFile, 'simulated again');
    expect(buildNeeded(dist, await digest())).toBe(true);
    forgetBuild(dist);
    expect(buildNeeded(dist, inputs)).toBe(true);
  });
});
