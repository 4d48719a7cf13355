// Command-line arguments of `npm run simulate`, parsed and checked.
import { parseArgs } from 'node:util';
import { defaultConfig, type SimConfig } from './config.ts';

/** The parsed arguments: a config and the output file. */
export interface SimulateArgs {
  config: SimConfig;
  out: string;
}

/** Usage line printed on a bad argument. */
export const usage =
  'npm run simulate -- [--seed N] [--as-of YYYY-MM-DD] [--days N] [--scale X] [--out data/estate.duckdb]';

/** Parses argv (without node and script); throws with a readable message on bad input. */
export function parseSimulateArgs(argv: readonly string[]): SimulateArgs {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      seed: { type: 'string' },
      'as-of': { type: 'string' },
      days: { type: 'string' },
      scale: { type: 'string' },
      out: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  const asOf = values['as-of'] ?? defaultConfig.asOf;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(asOf) || Number.isNaN(Date.parse(`${asOf}T00:00:00Z`)))
    throw new Error(`--as-of must be a date YYYY-MM-DD, got ${asOf}`);
  const days = values.days === undefined ? defaultConfig.days : Number(values.days);
  if (!Number.isInteger(days) || days < 1 || days > 366)
    throw new Error(`--days must be an integer from 1 to 366, got ${values.days}`);
  const scale = values.scale === undefined ? defaultConfig.scale : Number(values.scale);
  if (!Number.isFinite(scale) || scale <= 0 || scale > 100)
    throw new Error(`--scale must be a number above 0 and at most 100, got ${values.scale}`);
  const seed = values.seed ?? defaultConfig.seed;
  if (seed === '') throw new Error('--seed must not be empty');
  return { config: { seed, asOf, days, scale }, out: values.out ?? 'data/estate.duckdb' };
}
