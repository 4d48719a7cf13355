// What a live list screen (the Events screen, the request log) does before it reads anything: a URL
// that says the screen's state in other words is redirected to the state's own URL, so each state
// has one address; any other answer is per request and never cached. Takes the page's Astro global
// by shape, so this module needs no Astro import.

/** What a live list screen needs of its page's Astro global. */
export interface LiveListPage {
  url: URL;
  redirect: (path: string, status: 302) => Response;
  response: { headers: Headers };
}

/**
 * Starts a live list screen whose state's URL is `canonical` (null: keep the URL as it is): the
 * redirect to return, or null when the screen renders (its answer marked no-store).
 */
export function startLiveList(page: LiveListPage, canonical: string | null): Response | null {
  const { pathname, search } = page.url;
  if (canonical !== null && search !== '' && `${pathname}${search}` !== canonical)
    return page.redirect(canonical, 302);
  page.response.headers.set('cache-control', 'no-store');
  return null;
}
