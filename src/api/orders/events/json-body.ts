// The JSON body of a webhooks write (register, resend, recover): the same checks as an order's
// (../body-checks.ts: size, coding, media type, UTF-8, I-JSON), then its schema. Every refusal is
// problem+json naming the bad field. A write that takes no body (roll-secret) takes none or `{}`,
// as the management API's body-less POSTs do: a member is refused, never ignored.
import { z } from 'zod';
import { malformedBody, readBody, refusedByHeaders, refusedRead } from '../body-checks.ts';
import { isPending } from '../maybe-promise.ts';
import { parseBody } from '../parse-body.ts';
import type { PlainRequest, PlainResponse } from '../plain.ts';
import { problemResponse } from '../respond.ts';
import { counted, validationErrors } from '../validation.ts';

/** The body as `schema` parses it, or the problem answer that refuses it; `emptyAllowed`: none is `{}`. */
export async function jsonBodyOf<T>(
  request: PlainRequest,
  schema: z.ZodType<T>,
  headers: Record<string, string>,
  emptyAllowed = false,
): Promise<{ value: T } | PlainResponse> {
  const early = refusedByHeaders(request, headers);
  // Where no body is allowed, none needs a media type: only that refusal waits for the body.
  if (early !== null && !(emptyAllowed && early.problem === 'unsupported-media-type')) return early;
  const reading = readBody(request.body);
  const read = isPending(reading) ? await reading : reading;
  if (read.kind !== 'body') return refusedRead(read, headers);
  if (emptyAllowed && read.bytes.byteLength === 0) return { value: {} as T };
  if (early !== null) return early;
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

/** A write that takes no body: none, or `{}`; null when so, else the problem answer refusing it. */
export async function noBodyOf(
  request: PlainRequest,
  headers: Record<string, string>,
): Promise<PlainResponse | null> {
  const body = await jsonBodyOf(request, z.strictObject({}), headers, true);
  return 'value' in body ? null : body;
}
