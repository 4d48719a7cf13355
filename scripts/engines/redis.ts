// A throwaway Redis for tests and benchmarks: redis-server as a child process on a free port,
// nothing saved to disk, killed whatever happens (an exit hook covers a process that dies early).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { freePort } from './free-port.ts';

/** The redis-server binary: REDIS_SERVER, else the one on PATH (Debian's redis-server). */
export function redisServerBinary(): string | null {
  const binary = process.env.REDIS_SERVER ?? 'redis-server';
  return spawnSync(binary, ['--version']).status === 0 ? binary : null;
}

/** A throwaway Redis: its URL, and stop/start to take it away and bring it back mid-test. */
export interface RedisInstance {
  /** redis://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Stops the server (SIGTERM, or SIGKILL for a crash); with nothing saved, its data is gone. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  /** Starts it again, empty, on the same port; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Freezes (SIGSTOP) or thaws (SIGCONT) the server: connections stay open, nothing answers. */
  freeze(frozen: boolean): void;
  /** The server's pid while it runs. */
  pid(): number | undefined;
  /** Stops it and removes its folder. */
  destroy(): Promise<void>;
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Starts redis-server on a free port, saving nothing. */
export async function startRedis(): Promise<RedisInstance> {
  const binary = redisServerBinary();
  if (binary === null) throw new Error('No redis-server (set REDIS_SERVER or apt-get install redis-server)');
  const dir = mkdtempSync(join(tmpdir(), 'estate-redis-'));
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    if (child !== null) return;
    const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
    const started = spawn(binary, [...args, '--daemonize', 'no', '--dir', dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    running.add(started);
    child = started;
    await new Promise<void>((done, fail) => {
      const lines = createInterface({ input: started.stdout });
      const output: string[] = [];
      started.once('exit', (code) => fail(new Error(`redis-server exited (${code}): ${output.join('\n')}`)));
      lines.on('line', (line) => {
        output.push(line);
        if (line.includes('Ready to accept connections')) done();
      });
    });
    started.removeAllListeners('exit');
    started.once('exit', () => running.delete(started));
  };
  const stop = async (signal: 'SIGTERM' | 'SIGKILL' = 'SIGTERM') => {
    const current = child;
    if (current === null) return;
    child = null;
    if (current.exitCode === null && current.signalCode === null) {
      const exited = new Promise((done) => current.once('exit', done));
      current.kill(signal);
      await exited;
    }
    running.delete(current);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    start,
    freeze: (frozen) => child?.kill(frozen ? 'SIGSTOP' : 'SIGCONT'),
    pid: () => child?.pid,
    destroy: async () => {
      child?.kill('SIGCONT');
      await stop('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
