// A request maps to the workspace route of its method, path template and key's stage.
import { describe, expect, it } from 'vitest';
import { routeFinder, type MappedRoute } from '../../src/api/route-map.ts';

const routes: MappedRoute[] = [
  { route_id: 'rt_create_prod', method: 'POST', path: '/v2/orders', stage: 'prod' },
  { route_id: 'rt_create_sandbox', method: 'POST', path: '/v2/orders', stage: 'sandbox' },
  { route_id: 'rt_list_sandbox', method: 'GET', path: '/v2/orders', stage: 'sandbox' },
  { route_id: 'rt_get_sandbox', method: 'GET', path: '/v2/orders/{order_id}', stage: 'sandbox' },
  { route_id: 'rt_events_sandbox', method: 'GET', path: '/v2/orders/{order_id}/events', stage: 'sandbox' },
  { route_id: 'rt_v1_prod', method: 'POST', path: '/v1/orders', stage: 'prod' },
];
const find = routeFinder(routes);

describe('routeFinder', () => {
  it.each([
    ['POST', '/v2/orders', 'production', 'rt_create_prod'],
    ['POST', '/v2/orders', 'sandbox', 'rt_create_sandbox'],
    // the query is not part of the path
    ['GET', '/v2/orders?limit=5', 'sandbox', 'rt_list_sandbox'],
    ['GET', '/v2/orders/ord_abc', 'sandbox', 'rt_get_sandbox'],
    ['GET', '/v2/orders/ord_abc/events', 'sandbox', 'rt_events_sandbox'],
    // a template segment never spans a slash
    ['GET', '/v2/orders/a/b', 'sandbox', null],
    // no staging route is published for this path
    ['POST', '/v2/orders', 'staging', null],
    // no key, no stage, no route
    ['POST', '/v2/orders', null, null],
    // the method is part of the route
    ['DELETE', '/v2/orders', 'sandbox', null],
    ['POST', '/v1/orders', 'production', 'rt_v1_prod'],
  ] as const)('%s %s with a %s key is %s', (method, path, environment, expected) => {
    expect(find(method, path, environment)).toBe(expected);
  });
});

describe('routeFinder, asked again', () => {
  it('answers each call for its own method, path and key, whatever was asked just before', () => {
    const again = routeFinder(routes);
    const calls = [
      ['POST', '/v2/orders', 'sandbox', 'rt_create_sandbox'],
      ['POST', '/v2/orders', 'sandbox', 'rt_create_sandbox'],
      ['GET', '/v2/orders', 'sandbox', 'rt_list_sandbox'],
      ['GET', '/v2/orders', 'production', null],
      ['GET', '/v2/orders/ord_abc', 'production', null],
      ['GET', '/v2/orders/ord_abc', 'sandbox', 'rt_get_sandbox'],
      ['POST', '/v2/orders', 'production', 'rt_create_prod'],
    ] as const;
    expect(calls.map(([method, path, environment]) => again(method, path, environment))).toEqual(
      calls.map((call) => call[3]),
    );
  });
});
