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

/** Every zod issue as a problem detail; unknown fields get one entry each. */
export function validationErrors(issues: readonly z.core.$ZodIssue[]): ProblemDetail[] {
  return issues.flatMap((issue): ProblemDetail[] => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((name) => ({
        pointer: pointerOf([...issue.path, name]),
        code: 'unknown_field',
        detail: `Unknown field "${name}"`,
      }));
    }
    return [{ pointer: pointerOf(issue.path), code: issue.code, detail: issue.message }];
  });
}
