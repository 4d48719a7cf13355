// Text a person reads in the console, and may have to type back: the rules the API's free-text
// fields share. No control characters and no unpaired surrogates (Postgres's json refuses half a
// pair); a name typed back to confirm a change holds no invisible characters either: no format
// characters (bidirectional overrides and marks, zero-width spaces and joiners, soft hyphens) and
// nothing Unicode says to ignore when shown (fillers, variation selectors), no blank that is not the
// plain space (no-break, en and ideographic spaces, the blank Braille pattern), no line or paragraph
// separator, and nothing without a glyph (private-use, unassigned code points and noncharacters), so
// that what is typed as seen is what is stored, and no name can pass for another one with something
// unseen added.

const unreadable = String.raw`\p{Cc}\p{Cs}`;

/** Readable text: no control characters, no unpaired surrogates. */
export const readableText = {
  pattern: new RegExp(`^[^${unreadable}]*$`, 'u'),
  message: 'must not hold control characters or unpaired surrogates',
} as const;

/** Text that can be typed back as shown: readable, and nothing invisible. */
export const typableText = {
  pattern: new RegExp(
    `^(?: |[^${unreadable}\\p{Cf}\\p{Default_Ignorable_Code_Point}\\p{Co}\\p{Cn}\\p{Z}\\u2800])*$`,
    'u',
  ),
  message:
    'must not hold control characters, unpaired surrogates, invisible characters or blanks other than the space',
} as const;
