// Spawns the production server (server/main.ts) as a child process: over fixture files, API only
// (spawnServer), or as the browser tests and the benchmark need it (spawnListening).
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { serverNodeFlags } from '../server/node-flags.ts';
import type { ServerFiles } from './fixture-workspace.ts';

/** A spawned server: its base URL and process. */
export interface SpawnedServer {
  baseUrl: string;
  child: ChildProcess;
}

/** The production server's command line: server/main.ts with the V8 flags `npm start` gives it. */
export const serverArgs = [...serverNodeFlags, 'server/main.ts'];

/**
/** How to spawn: another command than node, and where to collect what it prints. */
export interface ListeningOptions {
  /** Default: this process's node. */
  command?: string;
  /** Every line printed (stdout and stderr) is pushed here instead of stderr passing through. */
  output?: string[];
}

/**
 * Spawns `node ...args` (or `command ...args`) with `env` added to this process's environment, and
 * resolves with the first capture of `listening` in a line it prints (its URL); rejects if it exits before.
 */
export async function spawnListening(
  args: string[],
  env: NodeJS.ProcessEnv,
  listening: RegExp,
  { command = process.execPath, output }: ListeningOptions = {},
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', output ? 'pipe' : 'inherit'],
  });
  if (!child.stdout) throw new Error('spawned without a stdout pipe');
  const lines = createInterface({ input: child.stdout });
  if (output) {
    lines.on('line', (line) => output.push(line));
    if (child.stderr) createInterface({ input: child.stderr }).on('line', (line) => output.push(line));
  }
  const url = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited early with code ${code}`)));
    lines.on('line', (line) => {
      const match = listening.exec(line);
      if (match?.[1]) resolve(match[1]);
    });
  });
  child.removeAllListeners('exit');
  return { url, child };
}

/** The environment that points a spawned API-only server at `files` on a free port. */
export function serverEnv(files: ServerFiles): NodeJS.ProcessEnv {
  return {
    PORT: '0',
    HOST: '127.0.0.1',
    ESTATE_CONSOLE: 'off',
    ESTATE_DATA: files.dataFile,
    ESTATE_ORDERS_DIR: files.ordersDir,
    ESTATE_ISSUED_KEYS: files.issuedKeysFile,
  };
}

/** The line an API-only server prints once it listens; its capture is the base URL. */
export const apiListening = /(http:\/\/[^/\s]+)\/v2\/orders/;

/** How to run a spawned server beyond its files: more environment, arguments, a wrapper command. */
export interface SpawnOptions {
  env?: NodeJS.ProcessEnv;
  /** Arguments after server/main.ts, e.g. ['--workers', '2']. */
  args?: string[];
  /** A command the server runs under, e.g. ['unshare', '--pid', '--fork']. */
  wrapper?: string[];
}

/** Starts the production server on a free port with the API reading `files`; resolves once it listens. */
export async function spawnServer(files: ServerFiles, options: SpawnOptions = {}): Promise<SpawnedServer> {
  const [command = '', ...args] = [
    ...(options.wrapper ?? []),
    process.execPath,
    ...serverArgs,
    ...(options.args ?? []),
  ];
  const { url, child } = await spawnListening(args, { ...serverEnv(files), ...options.env }, apiListening, {
    command,
  });
  return { baseUrl: url, child };
}

/** Kills a spawned server with `signal` and waits for it to exit. */
export async function killServer(
  server: Pick<SpawnedServer, 'child'>,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((done) => server.child.once('exit', done));
  server.child.kill(signal);
  await exited;
}
