// The handler's input and output as plain data, so any transport can adapt to it.
import type { ProblemSlug } from './contract.ts';
import type { KeyRecord } from './deps.ts';

/** What reading a request body gave: its bytes, or why there are none. */
export type BodyRead =
  | { kind: 'body'; bytes: Uint8Array }
  | { kind: 'too-large' }
  | { kind: 'timed-out'; afterMs: number }
  /** The body's framing broke (a bad chunk size): what arrived is not the body that was sent. */
  | { kind: 'malformed'; reason: string }
  /** The body comes in a transfer coding besides chunked (gzip, …), which the server does not decode. */
  | { kind: 'unsupported-coding'; coding: string };

/**
 * Reads a request body, stopping once it passes limits.maxBodyBytes. The handler calls it at most
 * once, and only after every check that needs no body has passed (credential first).
 */
export type BodyReader = () => BodyRead | Promise<BodyRead>;

/** A request as plain data. Header names are lower-case. */
export interface PlainRequest {
  method: string;
  /** The request-target: a path, optionally with a query string (or an absolute URL). */
  path: string;
  headers: Record<string, string | undefined>;
  /** The raw body as bytes or text, a reader for it, or null when there is none. */
  body: Uint8Array | string | BodyReader | null;
}

/**
 * A response as plain data. Header names are lower-case; body is the serialised JSON, which an
 * adapter leaves out when answering HEAD (headers and length stay those of GET).
 */
export interface PlainResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The problem type of an error answer (its body's `type`, as a slug). */
  problem?: ProblemSlug;
  /** The key the credential named, when the API knows it (set by the handler, for the request log). */
  key?: KeyRecord | null;
}
