// Command-line arguments of `npm run simulate`, parsed and checked.
import { parseCliArgs, UsageError, type CliSpec } from '../scripts/lib/cli-args.ts';
import { defaultConfig, type SimConfig } from './config.ts';
import { isRealDate } from '../src/lib/instant.ts';

/** The parsed arguments: a config and the output file. */
export interface SimulateArgs {
  config: SimConfig;
  out: string;
}

/** What `npm run simulate` accepts, and its usage text. */
export const simulateSpec = {
  command: 'npm run simulate',
  usage: `usage: npm run simulate -- [--seed N] [--as-of YYYY-MM-DD] [--days N] [--scale X] [--out data/estate.duckdb]

Writes a workspace file, replacing it atomically (a failed run leaves the old file in place).
  --seed    any string (default ${defaultConfig.seed}); the same seed and as-of give the same data
  --as-of   "today" in UTC (default ${defaultConfig.asOf}); the period is the --days days before it
  --days    simulated days, 1 to 366 (default ${defaultConfig.days})
  --scale   log-sample size, above 0 and at most 100 (default ${defaultConfig.scale}: about 1M rows per 30 days)
  --out     the file to write (default data/estate.duckdb)`,
  options: { seed: 'string', 'as-of': 'string', days: 'string', scale: 'string', out: 'string' },
} satisfies CliSpec<Record<'seed' | 'as-of' | 'days' | 'scale' | 'out', 'string'>>;

/** Parses argv (without node and script); throws a UsageError with a readable message on bad input. */
export function parseSimulateArgs(argv: readonly string[]): SimulateArgs {
  return simulateArgs(parseCliArgs(simulateSpec, argv).values);
}

/** Checks parsed option values and turns them into a config and an output file. */
export function simulateArgs(
  values: Partial<Record<keyof typeof simulateSpec.options, string>>,
): SimulateArgs {
  const asOf = values['as-of'] ?? defaultConfig.asOf;
  if (!isRealDate(asOf)) throw new UsageError(`--as-of must be a date YYYY-MM-DD that exists, got ${asOf}`);
  const days = values.days === undefined ? defaultConfig.days : Number(values.days);
  if (!Number.isInteger(days) || days < 1 || days > 366)
    throw new UsageError(`--days must be an integer from 1 to 366, got ${values.days}`);
  const scale = values.scale === undefined ? defaultConfig.scale : Number(values.scale);
  if (!Number.isFinite(scale) || scale <= 0 || scale > 100)
    throw new UsageError(`--scale must be a number above 0 and at most 100, got ${values.scale}`);
  const seed = values.seed ?? defaultConfig.seed;
  if (seed === '') throw new UsageError('--seed must not be empty');
  return { config: { seed, asOf, days, scale }, out: values.out ?? 'data/estate.duckdb' };
}
