// A page's refusal answers with its status and the reason phrase that goes with it, not Astro's
// default "OK": "HTTP/1.1 422 OK" was the Operators page's status line (probe 10, D10).
import { describe, expect, it } from 'vitest';
import { answerWith, reasonPhrase, type PageResponse } from '../../src/node/page-status.ts';

describe('a page status', () => {
  it.each([
    [403, 'Forbidden'],
    [404, 'Not Found'],
    [413, 'Content Too Large'],
    [415, 'Unsupported Media Type'],
    [422, 'Unprocessable Content'],
    [429, 'Too Many Requests'],
    [503, 'Service Unavailable'],
  ])('%i is answered with its reason phrase, %s', (status, phrase) => {
    const response: PageResponse = { status: 200, statusText: 'OK' };
    answerWith(response, status);
    expect(response).toEqual({ status, statusText: phrase });
    expect(reasonPhrase(status)).toBe(phrase);
  });

  it('has no phrase for a status that has none', () => {
    expect(reasonPhrase(599)).toBe('');
  });
});
