// The form a console page was posted. A body that is not a form (JSON, text, a broken multipart,
// no Content-Type) makes Request.formData() throw; the page answers it 415 instead of a 500. Behind
// the production server's gate such a post is refused 415 problem+json before the page runs
// (server/console/methods.ts); this covers a broken multipart and `astro dev`.

/** Why a posted body is refused, shown on the page that refuses it. */
export const notAForm = 'Send the form as application/x-www-form-urlencoded or multipart/form-data.';

/** The posted form, or null when the body is not one. */
export async function postedForm(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}
