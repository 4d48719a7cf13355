// `npm run simulate -- [--seed N] [--as-of YYYY-MM-DD] [--days N] [--scale X] [--out FILE]`:
// writes a workspace file atomically, with a progress bar on a terminal and plain lines otherwise.
import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import cliProgress from 'cli-progress';
import { simulateArgs, simulateSpec } from './args.ts';
import { runCli, UsageError } from '../scripts/lib/cli-args.ts';
import { writeWorkspace, type WriteProgress } from './writer.ts';

await runCli(simulateSpec, async ({ values }) => {
  const args = simulateArgs(values);
  const out = resolve(args.out);
  if (existsSync(out) && statSync(out).isDirectory())
    throw new UsageError(`--out ${args.out} is a folder; name the file to write`);
  const { seed, asOf, days, scale } = args.config;
  console.log(`Simulating seed=${seed} as-of=${asOf} days=${days} scale=${scale} → ${out}`);
  const started = performance.now();
  let onProgress: (p: WriteProgress) => void;
  let bar: cliProgress.SingleBar | null = null;
  if (process.stdout.isTTY) {
    bar = new cliProgress.SingleBar(
      { format: 'days {bar} {value}/{total} | {logRows} log rows | {duration_formatted}' },
      cliProgress.Presets.shades_classic,
    );
    bar.start(days, 0, { logRows: 0 });
    const progressBar = bar;
    onProgress = (p) => progressBar.update(p.day, { logRows: p.logRows.toLocaleString('en-US') });
  } else {
    onProgress = (p) => {
      if (p.day === p.days || p.day % Math.max(1, Math.round(p.days / 10)) === 0)
        console.log(`day ${p.day}/${p.days}: ${p.logRows} log rows`);
    };
  }
  try {
    const result = await writeWorkspace(args.config, out, onProgress);
    const seconds = (performance.now() - started) / 1000;
    bar?.stop();
    console.log(
      `Wrote ${result.out}: ${result.logRows.toLocaleString('en-US')} log rows in ${seconds.toFixed(1)} s`,
    );
  } catch (error) {
    bar?.stop();
    throw new Error(`simulation failed, ${out} was left as it was: ${(error as Error).message}`, {
      cause: error,
    });
  }
});
