// The coding an Accept-Encoding picks: br, then gzip, q-values and the wildcard honoured.
import { describe, expect, it } from 'vitest';
import { acceptedCoding } from '../../../src/api/http/accept-encoding.ts';

describe('acceptedCoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*;q=0, identity', 'identity'],
    ['deflate', 'identity'],
    ['BR', 'br'],
  ])('%j picks %s', (header, coding) => {
    expect(acceptedCoding(header)).toBe(coding);
  });
});
