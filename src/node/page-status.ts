// A page's answer status with its reason phrase. Astro's Astro.response starts as 200 "OK", and a
// page that sets only `status` answers "HTTP/1.1 422 OK" (Astro corrects the text only on its own
// 404 and 500 pages); setting both through here keeps the status line right. The phrases are
// RFC 9110's, where node's table still has an older name (422 "Unprocessable Entity").
import { STATUS_CODES } from 'node:http';

/** RFC 9110's reason phrases where node's STATUS_CODES keeps an earlier one. */
const rfc9110: Readonly<Record<number, string>> = {
  413: 'Content Too Large',
  422: 'Unprocessable Content',
};

/** The reason phrase of an HTTP status ('' for a status without one). */
export function reasonPhrase(status: number): string {
  return rfc9110[status] ?? STATUS_CODES[status] ?? '';
}

/** What a page's answer is made of, as Astro.response gives it. */
export interface PageResponse {
  status?: number;
  statusText?: string;
}

/** Sets a page's answer status and its reason phrase: `answerWith(Astro.response, 422)`. */
export function answerWith(response: PageResponse, status: number): void {
  response.status = status;
  response.statusText = reasonPhrase(status);
}
