// The what-if inputs as URL query parameters, so a what-if can be shared as a link: their names,
// how they are read (an invalid or out-of-range value is ignored, as the table state ignores
// unknown values) and how a link to a filled-in what-if is written. Pure: server and browser.
import { maxRotationOverlapDays } from '../api/key-rotation.ts';

/** The query parameter of each what-if input (docs/interfaces.md, section D). */
export const whatIfParams = {
  /** Rotate a key: the proposed overlap window, whole days 0–maxRotationOverlapDays (90). */
  rotateOverlapDays: 'rotate_overlap_days',
  /** Throttle a key: the proposed budget, whole requests per minute ≥ 0. */
  throttleRpm: 'throttle_rpm',
  /** Retire a route: the proposed sunset date, YYYY-MM-DD. */
  retireSunset: 'retire_sunset',
  /** Change a function: the % of invocations the changed version fails, 0–100. */
  changeErrorPct: 'change_error_pct',
  /** Change a function: the % of its traffic the changed version takes, 0–100. */
  changeRolloutPct: 'change_rollout_pct',
} as const;

/** A what-if input's name. */
export type WhatIfInput = keyof typeof whatIfParams;

/** The anchor of each what-if preview on its detail page. */
export const whatIfAnchors = {
  rotate: 'what-if-rotate',
  throttle: 'what-if-throttle',
  retire: 'what-if-retire',
  change: 'what-if-change',
} as const;

/** The inputs a URL carries; an input is absent when the URL lacks it or its value is invalid. */
export interface WhatIfValues {
  rotateOverlapDays?: number;
  throttleRpm?: number;
  retireSunset?: string;
  changeErrorPct?: number;
  changeRolloutPct?: number;
}

const wholeNumber = /^\d{1,9}$/;
const decimal = /^\d{1,3}(\.\d{1,2})?$/;
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** A whole number within [min, max], or undefined. */
function readWhole(text: string | null, min: number, max: number): number | undefined {
  if (text === null || !wholeNumber.test(text)) return undefined;
  const value = Number(text);
  return value >= min && value <= max ? value : undefined;
}

/** A percentage 0–100 with at most two decimals, or undefined. */
function readPct(text: string | null): number | undefined {
  if (text === null || !decimal.test(text)) return undefined;
  const value = Number(text);
  return value <= 100 ? value : undefined;
}

/** A real calendar date YYYY-MM-DD, or undefined. */
export function readIsoDate(text: string | null): string | undefined {
  if (text === null || !isoDate.test(text)) return undefined;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text ? text : undefined;
}

/** Reads the what-if inputs of a URL's query string. */
export function parseWhatIf(params: URLSearchParams): WhatIfValues {
  const values: WhatIfValues = {};
  const rotate = readWhole(params.get(whatIfParams.rotateOverlapDays), 0, maxRotationOverlapDays);
  if (rotate !== undefined) values.rotateOverlapDays = rotate;
  const rpm = readWhole(params.get(whatIfParams.throttleRpm), 0, 1_000_000_000);
  if (rpm !== undefined) values.throttleRpm = rpm;
  const sunset = readIsoDate(params.get(whatIfParams.retireSunset));
  if (sunset !== undefined) values.retireSunset = sunset;
  const errorPct = readPct(params.get(whatIfParams.changeErrorPct));
  if (errorPct !== undefined) values.changeErrorPct = errorPct;
  const rollout = readPct(params.get(whatIfParams.changeRolloutPct));
  if (rollout !== undefined) values.changeRolloutPct = rollout;
  return values;
}

/** The inputs a page renders with: none when prerendered (no query string exists), else the URL's. */
export function requestWhatIf(url: URL, isPrerendered: boolean): WhatIfValues {
  return isPrerendered ? {} : parseWhatIf(url.searchParams);
}

/** Sets (or, with undefined, removes) one what-if input in a query string, keeping the others. */
export function withWhatIf(
  params: URLSearchParams,
  input: WhatIfInput,
  value: number | string | undefined,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === undefined) next.delete(whatIfParams[input]);
  else next.set(whatIfParams[input], String(value));
  return next;
}

/** A link to a detail page's what-if preview, filled in with the given inputs. */
export function whatIfHref(path: string, anchor: keyof typeof whatIfAnchors, values: WhatIfValues): string {
  let params = new URLSearchParams();
  for (const input of Object.keys(whatIfParams) as WhatIfInput[]) {
    params = withWhatIf(params, input, values[input]);
  }
  const query = params.toString();
  return `${path}${query ? `?${query}` : ''}#${whatIfAnchors[anchor]}`;
}
