// Deprecation headers to the standards: RFC 9745 Deprecation (structured-field date), RFC 8594
// Sunset (IMF-fixdate HTTP-date), RFC 8288 Link with rel="deprecation" and rel="successor-version".
import { describe, expect, it } from 'vitest';
import {
  deprecationHeaders,
  deprecationLinkValue,
  deprecationValue,
  sunsetValue,
} from '../../src/api/deprecation.ts';

describe('Deprecation (RFC 9745)', () => {
  it.each([
    // 2026-06-01T00:00:00Z = 20,605 days × 86,400 s = 1,780,272,000 s after the epoch.
    ['2026-06-01', '@1780272000'],
    // A date-time keeps its seconds: + 13:45:30 = 49,530 s.
    ['2026-06-01 13:45:30', '@1780321530'],
    ['2026-06-01T13:45:30Z', '@1780321530'],
    // An offset is honoured: 02:00+02:00 is midnight UTC.
    ['2026-06-01T02:00:00+02:00', '@1780272000'],
    ['1970-01-01', '@0'],
  ])('%s → %s', (input, expected) => {
    expect(deprecationValue(input)).toBe(expected);
    expect(expected).toMatch(/^@-?\d+$/);
  });

  it('refuses what is not a date', () => {
    expect(() => deprecationValue('soon')).toThrow(/not a date/);
  });
});

describe('Sunset (RFC 8594)', () => {
  it.each([
    ['2027-01-31', 'Sun, 31 Jan 2027 00:00:00 GMT'],
    ['2026-12-01', 'Tue, 01 Dec 2026 00:00:00 GMT'],
    ['2026-11-21 09:05:07', 'Sat, 21 Nov 2026 09:05:07 GMT'],
  ])('%s → %s', (input, expected) => {
    expect(sunsetValue(input)).toBe(expected);
    // IMF-fixdate: day-name, DD Mon YYYY HH:MM:SS GMT.
    expect(expected).toMatch(
      /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/,
    );
  });
});

describe('Link (RFC 8288)', () => {
  it('names the deprecation information and the successor version', () => {
    expect(deprecationLinkValue({ infoUrl: '/app/api/routes/rt_v1', successor: '/v2/orders' })).toBe(
      '</app/api/routes/rt_v1>; rel="deprecation"; type="text/html", </v2/orders>; rel="successor-version"',
    );
  });

  it('leaves out the successor when there is none', () => {
    expect(deprecationLinkValue({ infoUrl: 'https://docs.example/deprecations', successor: null })).toBe(
      '<https://docs.example/deprecations>; rel="deprecation"; type="text/html"',
    );
  });
});

describe('deprecationHeaders', () => {
  it('gives all three headers of a deprecated route with a sunset', () => {
    expect(
      deprecationHeaders({
        deprecatedAt: '2026-07-04',
        sunsetAt: '2026-12-31',
        successor: '/v2/orders',
        infoUrl: '/app/api/routes/rt_v1',
      }),
    ).toEqual({
      // 2026-07-04 = 2026-06-01 + 33 days = 1,780,272,000 + 2,851,200.
      Deprecation: '@1783123200',
      Sunset: 'Thu, 31 Dec 2026 00:00:00 GMT',
      Link: '</app/api/routes/rt_v1>; rel="deprecation"; type="text/html", </v2/orders>; rel="successor-version"',
    });
  });

  it('sends no Sunset when none is set', () => {
    const headers = deprecationHeaders({
      deprecatedAt: '2026-07-04',
      sunsetAt: null,
      successor: null,
      infoUrl: '/x',
    });
    expect(Object.keys(headers).sort()).toEqual(['Deprecation', 'Link']);
  });

  it('refuses a sunset before the deprecation', () => {
    expect(() =>
      deprecationHeaders({
        deprecatedAt: '2026-07-04',
        sunsetAt: '2026-07-03',
        successor: null,
        infoUrl: '/x',
      }),
    ).toThrow(/cannot precede/);
  });
});
