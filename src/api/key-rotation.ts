// The one limit on a key rotation's overlap (how long the old key keeps working beside its
// replacement): `npm run keys:rotate -- --overlap` refuses longer, and the console's rotate what-if
// (`rotate_overlap_days`) reads nothing longer. Pure: used by scripts, the server side and the page.

/** The longest overlap a rotation may have, in whole days: a rotation is meant to end. */
export const maxRotationOverlapDays = 90;
