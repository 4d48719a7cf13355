// Command-line arguments for every CLI of the project (`npm run sql`, `simulate`, `export`,
// `keys:*`, `mocks:world`): one parser and one runner, so that bad input always gets one line on
// stderr and exit code 2, `--help` prints usage and exits 0, and no stack trace ever reaches a user.
//
// Why not node:util's parseArgs: it reads any argument that starts with "-" as an option, so a query
// pasted with a leading `-- comment` failed, and a negative value (`--rpm -5`) was refused with a
// message about "ambiguous" arguments. Here an argument is an option only when it looks like one
// (`--name` or `--name=value`, no space in the name; or `-h`), and an option that takes a value
// takes the next argument, whatever it is, unless that is one of the CLI's own options: then the
// value was left out (`--name --rpm 5`), and `--name=--rpm` says it is meant.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

/** Bad input: the runner prints its message on one line and exits with code 2. */
export class UsageError extends Error {
  override readonly name: string = 'UsageError';
  /** Whether the line points at `--help` (not for a well-formed request that is refused). */
  readonly pointsAtHelp: boolean = true;
}

/** A well-formed request refused (a key already revoked): exit code 2 too, no pointer at `--help`. */
export class Refusal extends UsageError {
  override readonly name = 'Refusal';
  override readonly pointsAtHelp = false;
}

/** Options a CLI accepts: each a flag (boolean) or an option with a value (string). */
export type OptionSpec = Record<string, 'string' | 'boolean'>;

/** Parsed option values: a string option's value, true for a flag, undefined when not given. */
export type OptionValues<S extends OptionSpec> = {
  [K in keyof S]?: S[K] extends 'string' ? string : boolean;
};

/** What a CLI is called, what it accepts, and its usage text. */
export interface CliSpec<S extends OptionSpec> {
  /** How a user runs it, e.g. `npm run sql`; starts every error line. */
  command: string;
  /** Usage, printed by `--help` (several lines allowed). */
  usage: string;
  options: S;
  /** How many positional arguments it takes at most (default none). */
  maxPositionals?: number;
}

/** The parsed command line. */
export interface ParsedArgs<S extends OptionSpec> {
  values: OptionValues<S>;
  positionals: string[];
  help: boolean;
}

const optionLike = /^--([^\s=-][^\s=]*)(?:=([\s\S]*))?$/;

/** Whether `arg` is one of the CLI's own options (or help): then it is no option's value. */
function isOptionOf(spec: CliSpec<OptionSpec>, arg: string): boolean {
  if (arg === '-h' || arg === '--help') return true;
  const name = optionLike.exec(arg)?.[1];
  return name !== undefined && Object.hasOwn(spec.options, name);
}

/** Parses argv (without node and script); throws UsageError on anything it does not accept. */
export function parseCliArgs<S extends OptionSpec>(spec: CliSpec<S>, argv: readonly string[]): ParsedArgs<S> {
  const values: Record<string, string | boolean> = {};
  const positionals: string[] = [];
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (arg === '-h' || arg === '--help') {
      help = true;
      continue;
    }
    const match = optionLike.exec(arg);
    if (!match) {
      if (/^-[A-Za-z]$/.test(arg)) throw new UsageError(`unknown option ${arg}`);
      positionals.push(arg);
      continue;
    }
    const name = match[1] as string;
    const type = Object.hasOwn(spec.options, name) ? spec.options[name] : undefined;
    if (type === undefined) throw new UsageError(`unknown option --${name}`);
    if (Object.hasOwn(values, name)) throw new UsageError(`--${name} is given more than once`);
    if (type === 'boolean') {
      if (match[2] !== undefined) throw new UsageError(`--${name} takes no value`);
      values[name] = true;
    } else if (match[2] !== undefined) {
      values[name] = match[2];
    } else {
      if (i + 1 >= argv.length) throw new UsageError(`--${name} needs a value`);
      const next = argv[i + 1] as string;
      if (isOptionOf(spec, next))
        throw new UsageError(
          `--${name} needs a value (${next} is an option; for that value, write --${name}=${next})`,
        );
      values[name] = next;
      i++;
    }
  }
  const max = spec.maxPositionals ?? 0;
  if (!help && positionals.length > max) {
    const extra = positionals[max] as string;
    throw new UsageError(
      max === 0
        ? `unexpected argument ${JSON.stringify(extra)}`
        : `too many arguments (at most ${max}): ${JSON.stringify(extra)}`,
    );
  }
  return { values: values as OptionValues<S>, positionals, help };
}

/** The first line of an error's message (DuckDB's messages go on with hints and carets). */
function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]?.trim() || 'failed';
}

/**
 * Runs a CLI: parses its arguments, prints usage for `--help` (exit 0), and calls `main`. A
 * UsageError, thrown while parsing or by `main`, is one line on stderr and exit code 2; any other
 * failure is one line and exit code 1 (`ESTATE_DEBUG=1` adds the stack trace, for developers).
 */
export async function runCli<S extends OptionSpec>(
  spec: CliSpec<S>,
  main: (args: ParsedArgs<S>) => Promise<void> | void,
  argv: readonly string[] = process.argv.slice(2),
): Promise<void> {
  try {
    const args = parseCliArgs(spec, argv);
    if (args.help) {
      console.log(spec.usage);
      return;
    }
    await main(args);
  } catch (error) {
    const usage = error instanceof UsageError;
    const help = usage && error.pointsAtHelp ? ` (${spec.command} -- --help)` : '';
    console.error(`${spec.command}: ${oneLine(error)}${help}`);
    if (!usage && process.env.ESTATE_DEBUG === '1' && error instanceof Error) console.error(error.stack);
    process.exitCode = usage ? 2 : 1;
  }
}

/** An option's value as a positive integer (at most `max`); UsageError otherwise. */
export function positiveInteger(option: string, value: string, max = Number.MAX_SAFE_INTEGER): number {
  const n = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < 1 || n > max)
    throw new UsageError(
      `--${option} must be an integer from 1 to ${max.toLocaleString('en-US')}, got ${value}`,
    );
  return n;
}

/** An option's value, which must be one of `allowed`; UsageError otherwise. */
export function oneOf<T extends string>(option: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value))
    throw new UsageError(`--${option} must be one of ${allowed.join(', ')}, got ${value}`);
  return value as T;
}

/** The workspace file to read, which must exist (a read-only open would fail less clearly). */
export function existingWorkspaceFile(file: string): string {
  const path = resolve(file);
  if (!existsSync(path)) throw new UsageError(`no workspace file at ${path} (npm run simulate writes one)`);
  return path;
}
