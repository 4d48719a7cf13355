// Scratch consumer projects for the packed package, as a user would make them: a temp folder, a
// package.json, `npm install` from the registry through the shared npm cache, then the commands
// the user runs. The registry and the system's Node 20 may be missing outside CI: a loud skip.
import { execFile, spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';

/** What a command printed and how it ended. */
export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** A consumer project: its folder, a file writer, and commands run in it with its Node first on PATH. */
export interface Consumer {
  dir: string;
  /** What `npm install` printed (warnings included). */
  installLog: string;
  write(path: string, text: string): void;
  run(command: string, args: string[], env?: NodeJS.ProcessEnv): Promise<Ran>;
  /** Starts a long-running command; resolves with the first capture of `ready` in its output. */
  start(command: string, args: string[], ready: RegExp): Promise<{ url: string; stop(): Promise<void> }>;
  remove(): void;
}

/** Says loudly why the consumer tests are skipped; in CI (CI=true) it is a failure instead. */
function skip(reason: string): false {
  if (process.env.CI === 'true') throw new Error(`CI=true but ${reason}`);
  console.warn(`\n!!! MOCKS PACKAGE CONSUMER TESTS SKIPPED: ${reason}\n`);
  return false;
}

/** The registry npm installs from (npm passes its config to scripts; npm's default otherwise). */
const registry = process.env.npm_config_registry ?? 'https://registry.npmjs.org/';

/** Whether the npm registry answers; outside CI a missing one skips the consumer tests loudly. */
export async function registryAvailable(): Promise<boolean> {
  try {
    const response = await fetch(new URL('msw', registry), { signal: AbortSignal.timeout(10_000) });
    await response.body?.cancel();
    if (response.ok) return true;
    return skip(`the npm registry ${registry} answered ${response.status}`);
  } catch (error) {
    return skip(`the npm registry ${registry} is unreachable (${String(error)})`);
  }
}

/**
 * The system's Node 20 (the oldest the package supports): SYSTEM_NODE, else the first `node` on
 * PATH outside node_modules (npm scripts put the repo's Node 24 first).
 */
export function systemNode20(): string | undefined {
  const candidates = [
    process.env.SYSTEM_NODE,
    ...(process.env.PATH ?? '')
      .split(delimiter)
      .filter((dir) => dir && !dir.includes('node_modules'))
      .map((dir) => join(dir, 'node')),
  ];
  for (const node of candidates) {
    if (!node) continue;
    const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout?.trim();
    if (version?.startsWith('v20.')) return node;
  }
  skip('no Node 20 found (set SYSTEM_NODE to one) for the msw 2 consumer');
  return undefined;
}

/** The version of `name` installed at the repo root, so consumers install what the cache holds. */
export function rootVersion(name: string): string {
  const manifest = JSON.parse(readFileSync(resolve('node_modules', name, 'package.json'), 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

/** This environment without what Vitest and npm set for the outer run (keeping npm's cache and registry). */
function cleanEnv(node: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (/^(VITEST|NODE_OPTIONS$|NODE_ENV$|TEST$)/.test(name)) continue;
    if (name.startsWith('npm_') && !/^npm_config_(cache|registry)$/.test(name)) continue;
    env[name] = value;
  }
  env.PATH = [dirname(node), ...(process.env.PATH ?? '').split(delimiter)].join(delimiter);
  return env;
}

function runIn(dir: string, node: string, command: string, args: string[], extra: NodeJS.ProcessEnv = {}) {
  return new Promise<Ran>((done) => {
    execFile(
      command,
      args,
      { cwd: dir, env: { ...cleanEnv(node), ...extra }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        done({ code, stdout, stderr });
      },
    );
  });
}

function startIn(dir: string, node: string, command: string, args: string[], ready: RegExp) {
  const child = spawn(command, args, { cwd: dir, env: cleanEnv(node), stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  let output = '';
  return new Promise<{ url: string; stop(): Promise<void> }>((done, fail) => {
    const watch = (chunk: Buffer) => {
      // eslint-disable-next-line no-control-regex -- drop the colour codes a dev server prints
      output += chunk.toString().replace(/\x1b\[[0-9;]*m/g, '');
      const url = ready.exec(output)?.[1];
      if (url) done({ url, stop });
    };
    child.stdout.on('data', watch);
    child.stderr.on('data', watch);
    void exited.then(() => fail(new Error(`${command} ${args.join(' ')} exited:\n${output}`)));
  });
}

/**
 * Creates a consumer in a temp folder with these devDependencies and installs them with `node`'s
 * npm (default: this process's Node), from the shared npm cache where it can.
 */
export async function createConsumer(
  name: string,
  devDependencies: Record<string, string>,
  node = process.execPath,
): Promise<Consumer> {
  const dir = mkdtempSync(join(tmpdir(), `estate-mocks-${name}-`));
  const consumer: Consumer = {
    dir,
    installLog: '',
    write(path, text) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    },
    run: (command, args, env) => runIn(dir, node, command, args, env),
    start: (command, args, ready) => startIn(dir, node, command, args, ready),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
  consumer.write(
    'package.json',
    JSON.stringify({ name, private: true, type: 'module', devDependencies }, null, 2),
  );
  const install = await consumer.run('npm', [
    'install',
    '--prefer-offline',
    '--no-audit',
    '--no-fund',
    '--loglevel=warn',
  ]);
  if (install.code !== 0) throw new Error(`npm install failed in ${dir}:\n${install.stderr}`);
  consumer.installLog = install.stdout + install.stderr;
  return consumer;
}
