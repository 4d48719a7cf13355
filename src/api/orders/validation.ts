// Turns zod issues into problem details: one entry per problem, each with a JSON Pointer.
import type { z } from 'zod';
import type { ProblemDetail } from './contract.ts';

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
