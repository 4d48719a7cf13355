// Text a person reads in the console, and may have to type back: the rules the API's free-text
// fields share. No control characters and no unpaired surrogates (Postgres's json refuses half a
// pair); a name typed back to confirm a change holds no bidirectional overrides either.

const unreadable = String.raw`\p{Cc}\p{Cs}`;

/** Readable text: no control characters, no unpaired surrogates. */
export const readableText = {
  pattern: new RegExp(`^[^${unreadable}]*$`, 'u'),
  message: 'must not hold control characters or unpaired surrogates',
} as const;

/** Text that can be typed back as shown: readable, and no bidirectional overrides. */
export const typableText = {
  pattern: new RegExp(`^[^${unreadable}\\u202a-\\u202e\\u2066-\\u2069]*$`, 'u'),
  message: 'must not hold control characters, unpaired surrogates or bidirectional overrides',
} as const;
