// Every CLI of the project treats bad input the same way: one line on stderr naming the problem,
// exit code 2, no stack trace, nothing written; `--help` prints usage and exits 0.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseCliArgs, positiveInteger, UsageError, type CliSpec } from '../../../scripts/lib/cli-args.ts';
import { tempDir } from '../../simulator/simulated.ts';

const spec: CliSpec<{ format: 'string'; verbose: 'boolean' }> = {
  command: 'npm run demo',
  usage: 'usage: npm run demo',
  options: { format: 'string', verbose: 'boolean' },
  maxPositionals: 1,
};

describe('parseCliArgs', () => {
  it.each([
    // a query pasted with a leading SQL comment is an argument, not an option
    [['-- busiest routes\nselect 1'], {}, ['-- busiest routes\nselect 1']],
    [['--comment\nselect 1'], {}, ['--comment\nselect 1']],
    // an option's value is the next argument, whatever it looks like
    [['--format', '-5'], { format: '-5' }, []],
    [['--format=json', 'select 1'], { format: 'json' }, ['select 1']],
    [['--format=--verbose'], { format: '--verbose' }, []],
    // a value that only looks like an option this CLI does not have is a value
    [['--format', '--comment\nselect 1'], { format: '--comment\nselect 1' }, []],
    [['select 1', '--verbose'], { verbose: true }, ['select 1']],
    // after "--", everything is positional
    [['--', '--verbose'], {}, ['--verbose']],
  ])('reads %j', (argv, values, positionals) => {
    expect(parseCliArgs(spec, argv)).toEqual({ values, positionals, help: false });
  });

  it.each([
    [['--bogus'], 'unknown option --bogus'],
    [['-x'], 'unknown option -x'],
    [['--format'], '--format needs a value'],
    // a value left out: the next option is not taken as it (`--format=--verbose` says it is meant)
    [
      ['--format', '--verbose'],
      '--format needs a value (--verbose is an option; for that value, write --format=--verbose)',
    ],
    [
      ['--format', '--help'],
      '--format needs a value (--help is an option; for that value, write --format=--help)',
    ],
    [['--verbose=yes'], '--verbose takes no value'],
    [['--format', 'a', '--format', 'b'], '--format is given more than once'],
    [['a', 'b'], 'too many arguments (at most 1): "b"'],
    [['--__proto__'], 'unknown option --__proto__'],
    [['--toString', 'x'], 'unknown option --toString'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseCliArgs(spec, argv)).toThrow(new UsageError(message));
  });

  it.each([['--help'], ['-h']])('asks for help with %s, whatever else is there', (flag) => {
    expect(parseCliArgs(spec, ['--format', 'x', 'a', 'b', flag]).help).toBe(true);
  });

  it.each([
    ['1', 1],
    ['60', 60],
  ])('reads the positive integer %s', (value, n) => {
    expect(positiveInteger('rpm', value)).toBe(n);
  });

  it.each(['0', '-5', '1.5', '1e3', ' 7', 'x', ''])('refuses %j as a positive integer', (value) => {
    expect(() => positiveInteger('rpm', value)).toThrow(/^--rpm must be an integer from 1 to /);
  });
});

/** The node script behind an npm script, from package.json (so the wiring is tested too). */
const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> })
  .scripts;
const scriptFile = (name: string): string => {
  const match = /^node (\S+\.ts)$/.exec(scripts[name] ?? '');
  if (!match?.[1]) throw new Error(`npm run ${name} is not "node <file>.ts"`);
  return match[1];
};

const temp = tempDir();
afterAll(() => temp.cleanup());
const env = {
  ...process.env,
  ESTATE_DATA: join(temp.dir, 'no-workspace.duckdb'),
  ESTATE_ISSUED_KEYS: join(temp.dir, 'issued-keys.jsonl'),
  ESTATE_ORDERS_DIR: join(temp.dir, 'orders'),
};
const run = (name: string, args: string[]) =>
  spawnSync(process.execPath, [scriptFile(name), ...args], { encoding: 'utf8', env });

const issue = ['--name', 'app'];
describe.each([
  // [npm script, arguments, what the one line says]
  ['sql', ['--bogus'], /unknown option --bogus/],
  ['sql', ['--format', 'xml', 'select 1'], /--format must be one of table, csv, json, got xml/],
  ['sql', ['--file', join(temp.dir, 'none.duckdb'), 'select 1'], /no workspace file at .*none\.duckdb/],
  ['simulate', ['--bogus'], /unknown option --bogus/],
  ['simulate', ['--days', '0'], /--days must be an integer from 1 to 366/],
  ['simulate', ['--scale', '-1'], /--scale must be a number above 0/],
  ['simulate', ['--out', temp.dir], /--out .* is a folder; name the file to write/],
  ['export', [], /--out is required/],
  ['export', ['--out', temp.dir, '--bogus'], /unknown option --bogus/],
  ['export', ['--out', temp.dir], /no workspace file at .*no-workspace\.duckdb/],
  ['keys:issue', ['--bogus'], /unknown option --bogus/],
  ['keys:issue', [], /--name is required/],
  ['keys:issue', [...issue, '--rpm', '-5'], /--rpm must be an integer from 1 to .*, got -5/],
  ['keys:issue', [...issue, '--rpm', '0'], /--rpm must be an integer from 1 to .*, got 0/],
  ['keys:issue', [...issue, '--quota', '0'], /--quota must be an integer from 1 to .*, got 0/],
  ['keys:issue', [...issue, '--scopes', 'orders:write,orders:fly'], /unknown scope orders:fly; known: /],
  ['keys:issue', [...issue, '--scopes', ''], /--scopes must name at least one scope/],
  ['keys:issue', [...issue, '--expires-at', '2020-01-01'], /--expires-at must be in the future/],
  ['keys:issue', [...issue, '--expires-at', 'tomorrow'], /--expires-at must be a date/],
  ['keys:issue', [...issue, '--env', 'moon'], /--env must be one of production, sandbox, staging/],
  ['keys:issue', [...issue, '--plan', 'Gold'], /--plan must be one of /],
  ['keys:revoke', [], /name the key to revoke/],
  ['keys:revoke', ['key_nope'], /No key key_nope\n$/],
  ['keys:revoke', ['key_nope', '--bogus'], /unknown option --bogus/],
  ['keys:rotate', [], /name the key to rotate/],
  ['keys:rotate', ['key_nope'], /No key key_nope\n$/],
  ['keys:rotate', ['key_nope', '--overlap', '5x'], /--overlap must be a duration such as 30m, 24h or 7d/],
  ['keys:rotate', ['key_nope', '--overlap', '-1h'], /--overlap must be a duration such as 30m, 24h or 7d/],
  ['keys:rotate', ['key_nope', '--overlap', '91d'], /--overlap must be at most 90d/],
  ['mocks:world', ['--bogus'], /unknown option --bogus/],
  ['mocks:world', ['extra'], /unexpected argument "extra"/],
  ['bench', ['--bogus'], /unknown option --bogus/],
  ['bench', ['no-such-suite'], /no benchmark suite matches no-such-suite; suites: /],
])('npm run %s %j', (name, args, message) => {
  it('prints one line on stderr, exits 2 and writes nothing', () => {
    const result = run(name, args);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).not.toMatch(/^\s+at /m);
    expect(result.status).toBe(2);
    expect(existsSync(env.ESTATE_ISSUED_KEYS)).toBe(false);
  });
});

describe.each([
  'sql',
  'simulate',
  'export',
  'keys:issue',
  'keys:revoke',
  'keys:rotate',
  'mocks:world',
  'bench',
])('npm run %s -- --help', (name) => {
  it('prints usage and exits 0', () => {
    const result = run(name, ['--help']);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(new RegExp(`^usage: npm run ${name}\\b`));
    expect(result.status).toBe(0);
  });
});
