// The only randomness is seeded, and "today" is the configured as-of date, never the clock.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { calendar, createFaker, createRng } from '../../simulator/rng.ts';

const simulatorDir = join(import.meta.dirname, '../../simulator');
const sources = readdirSync(simulatorDir, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts'))
  .map((f) => join(simulatorDir, f));

describe('seeded randomness', () => {
  it('repeats a stream for the same seed and stream name, and differs otherwise', () => {
    const draw = (seed: string, stream: string) => {
      const rng = createRng(seed, stream);
      return Array.from({ length: 5 }, () => rng.next());
    };
    expect(draw('a', 'x')).toEqual(draw('a', 'x'));
    expect(draw('a', 'x')).not.toEqual(draw('b', 'x'));
    expect(draw('a', 'x')).not.toEqual(draw('a', 'y'));
  });

  it('seeds faker', () => {
    expect(createFaker('a', 'names').company.name()).toBe(createFaker('a', 'names').company.name());
  });

  it.each(sources)('%s reads neither the clock nor Math.random', (file) => {
    expect(readFileSync(file, 'utf8')).not.toMatch(/Math\.random|Date\.now|new Date\(\)/);
  });
});

describe('calendar', () => {
  it('ends the period the day before as-of, in UTC', () => {
    const cal = calendar('2026-11-01', 3);
    expect(cal.dayStarts.map((ms) => new Date(ms).toISOString())).toEqual([
      '2026-10-29T00:00:00.000Z',
      '2026-10-30T00:00:00.000Z',
      '2026-10-31T00:00:00.000Z',
    ]);
    expect(new Date(cal.daysAgo(1)).toISOString()).toBe('2026-10-31T00:00:00.000Z');
  });

  it('refuses a date that is not YYYY-MM-DD', () => {
    expect(() => calendar('next week', 3)).toThrow(/Not a date/);
  });
});
