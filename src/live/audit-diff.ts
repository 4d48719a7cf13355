// What an audit entry changed, field by field: its before and after as rows a person can read. A
// field that did not change is left out; a whole object created or removed shows every field.

/** One changed field: its name and its values before and after, as text ("none" for absent or null). */
export interface ChangedField {
  field: string;
  before: string;
  after: string;
}

/** A value as one line of text. */
function text(value: unknown): string {
  if (value === undefined || value === null) return 'none';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** The fields that differ between an entry's before and after (objects, or null when absent). */
export function changedFields(before: unknown, after: unknown): ChangedField[] {
  const asRecord = (value: unknown): Record<string, unknown> =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  const was = asRecord(before);
  const now = asRecord(after);
  const fields = [...new Set([...Object.keys(was), ...Object.keys(now)])];
  return fields
    .filter((field) => JSON.stringify(was[field] ?? null) !== JSON.stringify(now[field] ?? null))
    .map((field) => ({ field, before: text(was[field]), after: text(now[field]) }));
}
