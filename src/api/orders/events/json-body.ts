// The JSON body of a webhooks write (register, resend, recover): the same checks as an order's
// (../body-checks.ts: size, coding, media type, UTF-8, I-JSON), then its schema. Every refusal is
// problem+json naming the bad field.
import type { z } from 'zod';
import { malformedBody, readBody, refusedByHeaders, refusedRead } from '../body-checks.ts';
import { isPending } from '../maybe-promise.ts';
import { parseBody } from '../parse-body.ts';
import type { PlainRequest, PlainResponse } from '../plain.ts';
import { problemResponse } from '../respond.ts';
import { counted, validationErrors } from '../validation.ts';

/** The body as `schema` parses it, or the problem answer that refuses it. */
export async function jsonBodyOf<T>(
  request: PlainRequest,
  schema: z.ZodType<T>,
  headers: Record<string, string>,
): Promise<{ value: T } | PlainResponse> {
  const refused = refusedByHeaders(request, headers);
  if (refused !== null) return refused;
  const reading = readBody(request.body);
  const read = isPending(reading) ? await reading : reading;
  if (read.kind !== 'body') return refusedRead(read, headers);
  const body = parseBody(read.bytes);
  if (body.kind === 'problem') return malformedBody(body, headers);
  const parsed = schema.safeParse(body.value, { reportInput: true });
  if (parsed.success) return { value: parsed.data };
  const errors = validationErrors(parsed.error.issues);
  return problemResponse(
    'validation-failed',
    `${counted(errors.length, 'problem')} in the body`,
    headers,
    errors,
  );
}
