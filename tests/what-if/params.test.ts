// What-if inputs in the URL: each read by its own rule, an invalid value ignored, and links written
// with only the inputs given, ending at the preview's anchor.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { maxRotationOverlapDays } from '../../src/api/key-rotation.ts';
import { describe, expect, it } from 'vitest';
import {
  parseWhatIf,
  readIsoDate,
  whatIfHref,
  whatIfParams,
  withWhatIf,
  type WhatIfValues,
} from '../../src/what-if/params.ts';

describe('parseWhatIf: URL → inputs', () => {
  it.each<[string, WhatIfValues]>([
    ['', {}], // nothing given
    ['throttle_rpm=900', { throttleRpm: 900 }], // a whole budget
    ['throttle_rpm=0', { throttleRpm: 0 }], // zero refuses everything, still a budget
    ['throttle_rpm=1.5', {}], // not a whole number
    ['throttle_rpm=-5', {}], // negative
    ['throttle_rpm=9e3', {}], // not written as digits
    ['rotate_overlap_days=14', { rotateOverlapDays: 14 }],
    [`rotate_overlap_days=${maxRotationOverlapDays}`, { rotateOverlapDays: maxRotationOverlapDays }], // the longest
    [`rotate_overlap_days=${maxRotationOverlapDays + 1}`, {}], // longer than keys:rotate accepts
    ['rotate_overlap_days=366', {}], // beyond a year
    ['retire_sunset=2027-01-30', { retireSunset: '2027-01-30' }],
    ['retire_sunset=2027-02-30', {}], // no such day
    ['retire_sunset=30/01/2027', {}], // not ISO
    ['change_error_pct=0', { changeErrorPct: 0 }],
    ['change_error_pct=12.75', { changeErrorPct: 12.75 }],
    ['change_error_pct=12.755', {}], // more than two decimals
    ['change_error_pct=101', {}], // above 100
    ['change_rollout_pct=5&change_error_pct=20', { changeRolloutPct: 5, changeErrorPct: 20 }],
    ['throttle_rpm=toString&retire_sunset=__proto__', {}], // names, not values
  ])('%j', (query, values) => expect(parseWhatIf(new URLSearchParams(query))).toEqual(values));

  it('reads back every valid input it writes', () => {
    const values = fc.record(
      {
        rotateOverlapDays: fc.integer({ min: 0, max: maxRotationOverlapDays }),
        throttleRpm: fc.integer({ min: 0, max: 1_000_000 }),
        retireSunset: fc
          .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10)),
        changeErrorPct: fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100),
        changeRolloutPct: fc.integer({ min: 0, max: 100 }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(values, (v) => {
        const href = whatIfHref('/app/api/keys/key_x', 'throttle', v);
        const url = new URL(href, 'http://console.test');
        expect(parseWhatIf(url.searchParams)).toEqual(v);
      }),
    );
  });
});

describe('readIsoDate', () => {
  it.each([
    ['2024-02-29', '2024-02-29'], // a leap day
    ['2023-02-29', undefined], // not a leap year
    [null, undefined],
  ])('%j → %j', (text, date) => expect(readIsoDate(text)).toBe(date));
});

describe('whatIfHref and withWhatIf: links to a filled-in what-if', () => {
  it('writes only the inputs given, then the preview anchor', () => {
    expect(whatIfHref('/app/api/keys/key_x', 'throttle', { throttleRpm: 2410 })).toBe(
      '/app/api/keys/key_x?throttle_rpm=2410#what-if-throttle',
    );
    expect(whatIfHref('/app/api/routes/rt_x', 'retire', {})).toBe('/app/api/routes/rt_x#what-if-retire');
  });

  it('sets one input and keeps the others; undefined removes it', () => {
    const params = new URLSearchParams('rotate_overlap_days=7&throttle_rpm=10');
    expect(withWhatIf(params, 'throttleRpm', 900).toString()).toBe('rotate_overlap_days=7&throttle_rpm=900');
    expect(withWhatIf(params, 'rotateOverlapDays', undefined).toString()).toBe('throttle_rpm=10');
  });

  it('names every input with its own parameter, documented in docs/interfaces.md section D', () => {
    expect(new Set(Object.values(whatIfParams)).size).toBe(Object.keys(whatIfParams).length);
    const sectionD = readFileSync('docs/interfaces.md', 'utf8').split('## D.')[1]?.split('## E.')[0] ?? '';
    for (const name of Object.values(whatIfParams)) expect(sectionD).toContain(`| \`${name}\``);
  });
});
