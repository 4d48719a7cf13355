// An instant as a person or a script writes it: a date (its midnight UTC) or a date-time with an
// offset. A date-time without one would be read in the reading machine's time zone, and a date or
// time that does not exist (30 February, 24:00, a 60th minute) would be rolled over into the next
// day by Date.parse; both are refused here, for the API's filters and the CLIs alike.

const isoInstant = /^(\d{4})-(\d\d)-(\d\d)(?:T(\d\d):(\d\d)(?::(\d\d)(\.\d+)?)?(Z|([+-])(\d\d):(\d\d)))?$/i;

/**
 * The instant in ms (fractional below the ms when the text is finer), or NaN when the text is not a
 * date or a date-time with an offset, or names a date or time that does not exist.
 */
export function isoInstantMs(text: string): number {
  const match = isoInstant.exec(text);
  if (match === null) return NaN;
  const [, y, mo, d, h = '0', mi = '0', sec = '0', fraction = '', , sign, zh = '0', zm = '0'] = match;
  const days = new Date(Date.UTC(Number(y), Number(mo), 0)).getUTCDate();
  const real =
    Number(mo) >= 1 &&
    Number(mo) <= 12 &&
    Number(d) >= 1 &&
    Number(d) <= days &&
    Number(h) <= 23 &&
    Number(mi) <= 59 &&
    Number(sec) <= 59 &&
    Number(zh) <= 23 &&
    Number(zm) <= 59;
  if (!real) return NaN;
  const offsetMs = (sign === '-' ? -1 : 1) * (Number(zh) * 60 + Number(zm)) * 60_000;
  const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(sec));
  return utc - offsetMs + (fraction === '' ? 0 : Number(fraction) * 1000);
}

/** Whether a text is a date YYYY-MM-DD that exists. */
export function isRealDate(text: string): boolean {
  return /^\d{4}-\d\d-\d\d$/.test(text) && !Number.isNaN(isoInstantMs(text));
}
