// The console's own paths that the server answers itself, not Astro: signing in and out.

/** The sign-in form's path; its POST takes `token` and `next`. */
export const signInPath = '/app/sign-in';
/** Ends the session and clears its cookie (POST). */
export const signOutPath = '/app/sign-out';
