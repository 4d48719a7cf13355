// Whether `npm start` must build the console again: a content digest of everything `astro build`
// reads (the sources, the build's configuration and dependencies, the workspace file, the issued
// keys the Keys page lists, and the environment that changes what is built), compared with the
// digest written beside the build when it last succeeded. Same inputs, same build: skip it.
import { createHash, type Hash } from 'node:crypto';
import {
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  createReadStream,
} from 'node:fs';
import { join, relative } from 'node:path';
import { defaultDataFile } from '../src/node/data-file.ts';
import { issuedKeysFile } from '../src/node/issued-keys-file.ts';

/** Files and folders, relative to the project, whose contents the build depends on. */
export const buildSources = [
  'src',
  'public',
  'astro.config.mjs',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'scripts/precompress.ts',
];

/** Environment variables that change what the build makes. */
const buildEnv = /^(CONSOLE_RENDER|PUBLIC_.*)$/;

/** Where the digest of the last successful build's inputs is kept: in the build's own folder. */
export const digestFile = (distDir: string) => join(distDir, 'build-inputs.sha256');

/** Every file under `path` (itself if a file), sorted, so the digest does not depend on readdir's order. */
function filesUnder(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** Adds a file's name and content to `hash` (a missing file counts as absent, not as empty). */
async function addFile(hash: Hash, name: string, file: string): Promise<void> {
  hash.update(`${name}\0`);
  if (!existsSync(file)) {
    hash.update('absent\0');
    return;
  }
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  hash.update(`\0${statSync(file).size}\0`);
}

/** The data files a build reads, wherever the environment puts them. */
export interface BuildData {
  /** The workspace DuckDB file (ESTATE_DATA). */
  dataFile: string;
  /** The issued-keys file the Keys page lists (ESTATE_ISSUED_KEYS). */
  issuedKeysFile: string;
}

/** The digest of the build's inputs: the project's sources at `root`, `env`, and the data files. */
export async function buildInputsDigest(
  root: string,
  env: NodeJS.ProcessEnv = process.env,
  data: BuildData = { dataFile: defaultDataFile(env), issuedKeysFile: issuedKeysFile(env) },
): Promise<string> {
  const hash = createHash('sha256').update('estate-build-inputs 1\0');
  for (const source of buildSources)
    for (const file of filesUnder(join(root, source))) await addFile(hash, relative(root, file), file);
  for (const [name, value] of Object.entries(env)
    .filter(([n]) => buildEnv.test(n))
    .sort(([a], [b]) => a.localeCompare(b)))
    hash.update(`env ${name}=${value ?? ''}\0`);
  await addFile(hash, 'workspace', data.dataFile);
  await addFile(hash, 'issued keys', data.issuedKeysFile);
  return hash.digest('hex');
}

/** Whether the build in `distDir` is missing or was made from other inputs than `digest`. */
export function buildNeeded(distDir: string, digest: string): boolean {
  if (!existsSync(join(distDir, 'server/entry.mjs'))) return true;
  const file = digestFile(distDir);
  return !existsSync(file) || readFileSync(file, 'utf8').trim() !== digest;
}

/** Forgets the last build's digest (before building: a build that fails half-way is never reused). */
export function forgetBuild(distDir: string): void {
  rmSync(digestFile(distDir), { force: true });
}

/** Records that the build in `distDir` was made from inputs with `digest`. */
export function recordBuild(distDir: string, digest: string): void {
  writeFileSync(digestFile(distDir), `${digest}\n`);
}
