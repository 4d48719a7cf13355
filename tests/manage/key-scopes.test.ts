// A key may hold every scope a route of the API needs, the events and webhooks routes' included:
// without events:read and webhooks:write nobody could register an endpoint with their own key.
import { describe, expect, it } from 'vitest';
import { eventScopes } from '../../src/api/orders/events/event-contract.ts';
import { apiKeyScopes } from '../../src/manage/contract.ts';
import { call, depsOver, freshStore, managementKey } from './fixture.ts';

describe('the scopes a key may hold', () => {
  it.each(Object.values(eventScopes))('include %s', (scope) => {
    expect(apiKeyScopes).toContain(scope);
  });

  it('a key issued through the management API may hold the webhooks scopes', async () => {
    const deps = depsOver(freshStore('memory'));
    const token = await managementKey(deps);
    const preview = await call(
      deps,
      'POST',
      '/keys',
      {
        name: 'hooks',
        scopes: ['orders:write', 'events:read', 'webhooks:read', 'webhooks:write'],
        dry_run: true,
      },
      { token },
    );
    expect(preview.status).toBe(200);
  });
});
