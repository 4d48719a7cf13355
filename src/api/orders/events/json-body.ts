// The JSON body of a webhooks write (register, resend, recover), read and checked against its
// schema: every refusal is problem+json naming the bad field.
import type { z } from 'zod';
import { isJsonMediaType, readBody } from '../create-order.ts';
import type { PlainRequest, PlainResponse } from '../plain.ts';
import { problemResponse } from '../respond.ts';
import { counted, validationErrors } from '../validation.ts';

/** The body as `schema` parses it, or the problem answer that refuses it. */
export async function jsonBodyOf<T>(
  request: PlainRequest,
  schema: z.ZodType<T>,
  headers: Record<string, string>,
): Promise<{ value: T } | PlainResponse> {
  if (!isJsonMediaType(request.headers['content-type']))
    return problemResponse('unsupported-media-type', 'Send the body as Content-Type: application/json', {
      ...headers,
      'accept-post': 'application/json',
    });
  const read = await readBody(request.body);
  if (read.kind === 'timed-out')
    return problemResponse('request-timeout', `Send the body within ${read.afterMs / 1000} s`, headers);
  if (read.kind === 'too-large')
    return problemResponse('payload-too-large', 'The body is too large', headers);
  if (read.kind === 'malformed') return problemResponse('invalid-request', read.reason, headers);
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(read.bytes));
  } catch {
    return problemResponse('malformed-json', 'The body is not JSON', headers, [
      { pointer: '', code: 'invalid_json', detail: 'The body is not JSON' },
    ]);
  }
  const parsed = schema.safeParse(value, { reportInput: true });
  if (parsed.success) return { value: parsed.data };
  const errors = validationErrors(parsed.error.issues);
  return problemResponse(
    'validation-failed',
    `${counted(errors.length, 'problem')} in the body`,
    headers,
    errors,
  );
}
