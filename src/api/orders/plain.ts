// The handler's input and output as plain data, so any transport can adapt to it.

/** A request as plain data. Header names are lower-case. */
export interface PlainRequest {
  method: string;
  /** Path, optionally with a query string. */
  path: string;
  headers: Record<string, string | undefined>;
  /** The raw body (at most limits.maxBodyBytes + 1 bytes of it), or null when there is none. */
  body: Uint8Array | string | null;
  /** Set by an adapter that stopped reading because the body is over limits.maxBodyBytes. */
  bodyTooLarge?: boolean;
}

/** A response as plain data. Header names are lower-case; body is the serialised JSON. */
export interface PlainResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}
