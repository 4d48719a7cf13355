// Body validation: a quick check that passes the common well-formed body without zod, and zod
// issues as problem details (one entry per problem, each with a JSON Pointer).
import type { z } from 'zod';
import { identifierPattern, limits, type CreateOrder, type ProblemDetail } from './contract.ts';

/** Whether `value` is an object whose own keys are exactly `keys`, in that order. */
function hasExactKeys(value: unknown, keys: readonly string[]): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const own = Object.keys(value);
  return own.length === keys.length && own.every((key, i) => key === keys[i]);
}

/** Whether `value` is a customer or sku identifier the schema accepts. */
function isIdentifier(value: unknown): value is string {
  return typeof value === 'string' && value.length <= limits.maxIdLength && identifierPattern.test(value);
}

/**
 * True only for a body that createOrderSchema accepts and returns unchanged (keys in schema order),
 * so the common request skips zod; false means "ask zod", which also words the errors. A property
 * test holds it to the schema.
 */
export function isWellFormedOrder(value: unknown): value is CreateOrder {
  if (!hasExactKeys(value, ['customer', 'lines']) || !isIdentifier(value.customer)) return false;
  const lines = value.lines;
  return (
    Array.isArray(lines) &&
    lines.length >= limits.minLines &&
    lines.length <= limits.maxLines &&
    lines.every(
      (line) =>
        hasExactKeys(line, ['sku', 'qty']) &&
        isIdentifier(line.sku) &&
        Number.isSafeInteger(line.qty) &&
        (line.qty as number) >= limits.minQty &&
        (line.qty as number) <= limits.maxQty,
    )
  );
}

/** RFC 6901 pointer of a path (root is ""). */
export function pointerOf(path: readonly PropertyKey[]): string {
  return path.map((part) => '/' + String(part).replaceAll('~', '~0').replaceAll('/', '~1')).join('');
}

/** How a field is named in a message: `customer`, `lines[2].qty`; the root is "The body". */
function labelOf(path: readonly PropertyKey[]): string {
  if (path.length === 0) return 'The body';
  return path
    .map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? String(part) : `.${String(part)}`))
    .join('');
}

const articles: Record<string, string> = {
  string: 'a string',
  int: 'an integer',
  number: 'a number',
  array: 'an array',
  object: 'a JSON object',
  null: 'null',
  boolean: 'true or false',
};

/** How a string format zod checks is asked for, with an example where the form is not obvious. */
const formats: Record<string, string> = {
  datetime: 'a date-time with an offset, as 2027-01-31T09:30:00Z',
  date: 'a date, as 2027-01-31',
  url: 'a URL',
  email: 'an email address',
};

/**
 * What a field must be, for an issue that zod worded itself ("Invalid input", "Invalid option: …",
 * "Invalid ISO datetime"): the sentence a caller reads instead. A schema's own message (they start
 * with "must") is kept as written.
 */
function expectation(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_value':
      return issue.values.length === 1
        ? `must be ${String(issue.values[0])}`
        : `must be one of ${issue.values.map(String).join(', ')}`;
    case 'invalid_format':
      return issue.format in formats ? `must be ${formats[issue.format]}` : 'does not have the expected form';
    case 'invalid_union': {
      const expected = issue.errors.flatMap((branch) =>
        branch.flatMap((inner) =>
          inner.code === 'invalid_type' && inner.path.length === 0 ? [inner.expected] : [],
        ),
      );
      return expected.length === issue.errors.length && expected.length > 0
        ? `must be ${[...new Set(expected)].map((type) => articles[type] ?? type).join(' or ')}`
        : 'is not in any of the accepted forms';
    }
    default:
      return 'is not valid';
  }
}

/** `n` things, singular or plural. */
export function counted(n: number, thing: string): string {
  return `${n} ${thing}${n === 1 ? '' : 's'}`;
}

/** A zod issue as a sentence about the field it concerns. */
function sentence(issue: z.core.$ZodIssue): { code: string; detail: string } {
  const label = labelOf(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      // JSON has no undefined: an undefined input is a member that is not there.
      if (issue.input === undefined && issue.path.length > 0)
        return { code: 'required', detail: `${label} is required` };
      return { code: issue.code, detail: `${label} must be ${articles[issue.expected] ?? issue.expected}` };
    case 'too_small':
    case 'too_big': {
      const small = issue.code === 'too_small';
      const bound = Number(small ? issue.minimum : issue.maximum);
      if (small && issue.origin === 'string' && bound === 1)
        return { code: issue.code, detail: `${label} must not be empty` };
      const limit = small ? 'at least' : 'at most';
      const detail =
        issue.origin === 'string'
          ? `${label} must have ${limit} ${counted(bound, 'character')}`
          : issue.origin === 'array'
            ? `${label} must have ${limit} ${counted(bound, 'item')}`
            : `${label} must be ${limit} ${bound}`;
      return { code: issue.code, detail };
    }
    default:
      return {
        code: issue.code,
        detail: `${label} ${issue.message.startsWith('Invalid') ? expectation(issue) : issue.message}`,
      };
  }
}

/** The bound of a too_big or too_small issue (undefined for any other). */
function boundOf(issue: z.core.$ZodIssue): number | undefined {
  if (issue.code === 'too_big') return Number(issue.maximum);
  if (issue.code === 'too_small') return Number(issue.minimum);
  return undefined;
}

/**
 * Whether another issue of the same field says what matters more: that its type is wrong (the one
 * mistake), or the same bound, tighter (`z.int()` adds the safe-integer bound to the schema's own,
 * and 1e21 breaks both: the field's own bound is the news).
 */
function superseded(issue: z.core.$ZodIssue, issues: readonly z.core.$ZodIssue[]): boolean {
  if (issue.code === 'invalid_type' || issue.code === 'unrecognized_keys') return false;
  const pointer = pointerOf(issue.path);
  const bound = boundOf(issue);
  return issues.some((other) => {
    if (other === issue || pointerOf(other.path) !== pointer) return false;
    if (other.code === 'invalid_type') return true;
    const otherBound = boundOf(other);
    if (bound === undefined || otherBound === undefined || other.code !== issue.code) return false;
    return issue.code === 'too_big' ? otherBound < bound : otherBound > bound;
  });
}

/**
 * Every zod issue as a problem detail (parse with `reportInput`), one per broken rule: unknown
 * fields get one entry each; a field of the wrong type gets only that, and of two bounds a value
 * breaks on one side only the tighter is named.
 */
export function validationErrors(issues: readonly z.core.$ZodIssue[]): ProblemDetail[] {
  return issues.flatMap((issue): ProblemDetail[] => {
    if (superseded(issue, issues)) return [];
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((name) => ({
        pointer: pointerOf([...issue.path, name]),
        code: 'unknown_field',
        detail: `Unknown field "${name}"`,
      }));
    }
    return [{ pointer: pointerOf(issue.path), ...sentence(issue) }];
  });
}
