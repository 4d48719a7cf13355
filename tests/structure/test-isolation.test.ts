// The unit files share one process per worker (vitest.config.ts, isolate: false), so a file must
// leave nothing behind that a later file would inherit: no test changes process.env or the working
// directory in place. vi.stubEnv with vi.unstubAllEnvs, or a child's own env, does the same safely.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../helpers/import-graph.ts';

/** Ways of changing the process's environment or directory for every later file. */
const leaks = [
  /process\.env(?:\.\w+|\[[^\]]+\])\s*(?:=(?!=)|\?\?=|\|\|=)/,
  /delete\s+process\.env/,
  /Object\.assign\(\s*process\.env/,
  /process\.chdir\(/,
];

/** The lines of `source` that change process.env or the directory, as `line: text`. */
function leakingLines(source: string): string[] {
  return source
    .split('\n')
    .map((text, index) => ({ text, line: index + 1 }))
    .filter(({ text }) => leaks.some((leak) => leak.test(text)))
    .map(({ text, line }) => `${line}: ${text.trim()}`);
}

describe('the unit files', () => {
  it('find every way of changing process.env or the directory in place', () => {
    expect(leakingLines("process.env.ESTATE_DATA = source;\nprocess.env['X'] ??= 'y';")).toHaveLength(2);
    expect(leakingLines('delete process.env.PORT;\nObject.assign(process.env, env);')).toHaveLength(2);
    expect(leakingLines("process.chdir('/tmp');")).toHaveLength(1);
    expect(
      leakingLines("if (process.env.CI === 'true') {}\nconst env = { ...process.env, PORT: '0' };"),
    ).toEqual([]);
  });

  it('change neither process.env nor the working directory in place', () => {
    const files = sourceFiles(process.cwd(), ['tests', 'harness']).filter(
      (file) => file !== 'tests/structure/test-isolation.test.ts',
    );
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      leakingLines(readFileSync(file, 'utf8')).map((hit) => `${file}:${hit}`),
    );
    expect(found).toEqual([]);
  });
});
