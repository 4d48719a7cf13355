// `npm test`'s runner: the browser tests in one Vitest process and every other test in a second,
// side by side, one file at a time each: two lanes for two cores. Vitest alone runs a project that
// takes one file at a time (the browser tests: a server and Chromium each) after all the others,
// and on CI's two cores that left one core idle for half the run. Each lane writes its own JSON
// report in .vitest-reports/ (scripts/report-counts.ts adds them up). Arguments go to both lanes.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { run } from './run.ts';

/** One Vitest process: its name, the projects it runs, its report. */
interface Lane {
  name: string;
  projects: string[];
}

const lanes: Lane[] = [
  { name: 'browser', projects: ['browser'] },
  { name: 'rest', projects: ['unit', 'package'] },
];

/** Copies a child's output to ours, each line prefixed with its lane's name. */
function prefixed(name: string, out: NodeJS.WritableStream) {
  let partial = '';
  return {
    write(chunk: Buffer) {
      const lines = (partial + chunk.toString('utf8')).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) out.write(`[${name}] ${line}\n`);
    },
    end() {
      if (partial) out.write(`[${name}] ${partial}\n`);
    },
  };
}

/** Runs one lane; resolves with its exit code. */
function runLane(lane: Lane, args: string[]): Promise<number> {
  const child = spawn(
    process.execPath,
    [
      'node_modules/vitest/vitest.mjs',
      'run',
      ...lane.projects.flatMap((p) => ['--project', p]),
      '--maxWorkers=1',
      '--passWithNoTests',
      ...args,
    ],
    { env: { ...process.env, VITEST_REPORT: `.vitest-reports/${lane.name}.json` } },
  );
  const out = prefixed(lane.name, process.stdout);
  const err = prefixed(lane.name, process.stderr);
  child.stdout.on('data', (chunk: Buffer) => out.write(chunk));
  child.stderr.on('data', (chunk: Buffer) => err.write(chunk));
  return new Promise((done) =>
    child.on('close', (code, signal) => {
      out.end();
      err.end();
      done(code ?? (signal ? 1 : 0));
    }),
  );
}

rmSync('.vitest-reports', { recursive: true, force: true });
// the workspace both lanes read, made once before either starts
run('node', ['scripts/ensure-data.ts']);
const codes = await Promise.all(lanes.map((lane) => runLane(lane, process.argv.slice(2))));
lanes.forEach((lane, i) => console.log(`${lane.name} lane: ${codes[i] === 0 ? 'passed' : 'FAILED'}`));
process.exit(codes.every((code) => code === 0) ? 0 : 1);
