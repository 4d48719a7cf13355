// Spawns the production server (server/main.ts) as a child process over fixture files, API only.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { ServerFiles } from './fixture-workspace.ts';

/** A spawned server: its base URL and process. */
export interface SpawnedServer {
  baseUrl: string;
  child: ChildProcess;
}

/** Starts server/main.ts on a free port with the API reading `files`; resolves once it listens. */
export async function spawnServer(files: ServerFiles): Promise<SpawnedServer> {
  const child = spawn(process.execPath, ['server/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      ESTATE_CONSOLE: 'off',
      ESTATE_DATA: files.dataFile,
      ESTATE_ORDERS_DIR: files.ordersDir,
      ESTATE_ISSUED_KEYS: files.issuedKeysFile,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited early with code ${code}`)));
    lines.on('line', (line) => {
      const match = /(http:\/\/[^/\s]+)\/v2\/orders/.exec(line);
      if (match?.[1]) resolve(match[1]);
    });
  });
  child.removeAllListeners('exit');
  return { baseUrl, child };
}

/** Kills a spawned server with `signal` and waits for it to exit. */
export async function killServer(server: SpawnedServer, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  const exited = new Promise((done) => server.child.once('exit', done));
  server.child.kill(signal);
  await exited;
}
