// A console build run in the background: the browser tests' global setup starts it, and each
// browser file waits for it before it starts (tests/browser/build-ready.ts). Vitest runs the browser
// files last, so the unit files run while Astro builds.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

/** Where a background build writes its output and, once it has ended, its exit status. */
export interface ConsoleBuild {
  /** Everything the build printed. */
  log: string;
  /** Written when the build ends: `{ "code": <exit code or null> }`. */
  status: string;
}

/** A build started in the background: its files, and a stop that kills it if still running. */
export interface RunningBuild {
  build: ConsoleBuild;
  stop(): Promise<void>;
}

/** One step of a build: `node <args>` with `env` added to the environment. */
export interface BuildStep {
  args: string[];
  env?: NodeJS.ProcessEnv;
}

/**
 * Runs the steps one after another in the background (each starts when the one before ended well);
 * the status file appears when the last has ended, or when one has failed.
 */
export function startConsoleBuild(steps: BuildStep[]): RunningBuild {
  const dir = mkdtempSync(join(tmpdir(), 'estate-console-build-'));
  const build = { log: join(dir, 'build.log'), status: join(dir, 'status.json') };
  const out = openSync(build.log, 'w');
  let child: ChildProcess | undefined;
  let stopped = false;
  const runStep = (step: BuildStep) =>
    new Promise<number | null>((done) => {
      child = spawn(process.execPath, step.args, {
        env: { ...process.env, ...step.env },
        stdio: ['ignore', out, out],
      });
      child.once('error', (error) => {
        writeFileSync(build.log, `\n${error.message}\n`, { flag: 'a' });
        done(null);
      });
      child.once('exit', (code) => done(code));
    });
  const ended = (async () => {
    let code: number | null = 0;
    for (const step of steps) {
      if (stopped) break;
      code = await runStep(step);
      if (code !== 0) break;
    }
    closeSync(out);
    writeFileSync(build.status, JSON.stringify({ code }));
  })();
  return {
    build,
    async stop() {
      stopped = true;
      if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await ended;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Resolves once the build has ended well; throws with the end of its output if it failed, or if
 * it has not ended within `limitMs`. Checks the status file every `everyMs`.
 */
export async function consoleBuilt(build: ConsoleBuild, limitMs = 600_000, everyMs = 250): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!existsSync(build.status)) {
    if (Date.now() > deadline) throw new Error(`the console build did not end within ${limitMs / 1000} s`);
    await delay(everyMs);
  }
  const { code } = JSON.parse(readFileSync(build.status, 'utf8')) as { code: number | null };
  if (code !== 0) {
    const output = readFileSync(build.log, 'utf8').split('\n').slice(-40).join('\n');
    throw new Error(`browser-test setup failed: the console build exited with ${code}\n${output}`);
  }
}
