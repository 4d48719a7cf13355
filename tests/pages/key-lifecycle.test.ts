// The key-lifecycle JSON endpoint (src/pages/app/api/keys/lifecycle/[key_id].json.ts) refuses as
// the API does: a not-found problem with its code, and the request id the server gave the request.
import type { APIContext } from 'astro';
import { describe, expect, it } from 'vitest';
import { GET } from '../../src/pages/app/api/keys/lifecycle/[key_id].json.ts';

describe('GET /app/api/keys/lifecycle/{key_id}.json', () => {
  it('answers a key id that cannot be with a 404 problem naming key_id and repeating the request id', async () => {
    const request = new Request('http://localhost/app/api/keys/lifecycle/x.json', {
      headers: { 'request-id': 'req_FromTheGate' },
    });
    const res = await GET({ params: { key_id: 'not a key' }, request } as unknown as APIContext);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/problem+json');
    expect(await res.json()).toMatchObject({
      type: 'https://estate.example/problems/not-found',
      code: 'not_found',
      detail: 'key_id: no key not a key',
      request_id: 'req_FromTheGate',
    });
  });
});
