// The API surface the demo workspace publishes: endpoints in popularity order, the stages each is
// published on, and the caller profiles that decide which endpoints a consumer calls.
import type { CallerKind, Method } from './types.ts';

/** One endpoint of the API, before it is published per stage. */
export interface Endpoint {
  method: Method;
  path: string;
  /** Name of the function that backs it. */
  fn: string;
  /** Scope a key needs to call it. */
  scope: string;
  /** Stages it is published on besides prod. */
  alsoOn: ('sandbox' | 'staging')[];
}

const e = (
  method: Method,
  path: string,
  fn: string,
  scope: string,
  alsoOn: Endpoint['alsoOn'] = [],
): Endpoint => ({
  method,
  path,
  fn,
  scope,
  alsoOn,
});

/**
 * Every endpoint, most popular first (popularity falls off as 1/rank^1.3: a Zipf-like tail). The
 * events routes the live API added later are published by ./live-routes.ts.
 */
export const endpoints: readonly Endpoint[] = [
  e('GET', '/v2/skus/{sku}', 'sku-lookup', 'catalog:read', ['sandbox']),
  e('GET', '/v3/catalog', 'catalog-list', 'catalog:read', ['sandbox', 'staging']),
  e('GET', '/v2/orders/{order_id}', 'order-read', 'orders:read', ['sandbox', 'staging']),
  e('GET', '/v2/inventory/{sku}', 'inventory-read', 'inventory:read', ['sandbox']),
  e('GET', '/v2/search', 'search', 'catalog:read', ['staging']),
  e('POST', '/v2/orders', 'order-create', 'orders:write', ['sandbox', 'staging']),
  e('GET', '/v3/recommendations', 'recommendations', 'catalog:read', ['staging']),
  e('GET', '/v2/orders', 'order-list', 'orders:read', ['sandbox']),
  e('GET', '/v3/catalog/{sku}', 'catalog-item', 'catalog:read', ['staging']),
  e('GET', '/v2/customers/{customer_id}', 'customer-read', 'customers:read', ['sandbox']),
  e('POST', '/v3/carts', 'cart-create', 'orders:write', ['sandbox', 'staging']),
  e('GET', '/v3/carts/{cart_id}', 'cart-read', 'orders:read', ['staging']),
  e('PATCH', '/v3/carts/{cart_id}', 'cart-update', 'orders:write', ['staging']),
  e('POST', '/v3/carts/{cart_id}/checkout', 'cart-checkout', 'orders:write', ['sandbox', 'staging']),
  e('GET', '/v2/orders/{order_id}/events', 'order-events', 'orders:read', ['sandbox']),
  e('GET', '/v2/shipments/{shipment_id}', 'shipment-read', 'shipments:read', ['staging']),
  e('POST', '/v2/shipments', 'shipment-create', 'orders:write', ['staging']),
  e('PATCH', '/v2/orders/{order_id}', 'order-update', 'orders:write'),
  e('GET', '/v2/customers', 'customer-list', 'customers:read', ['sandbox']),
  e('POST', '/v1/orders', 'order-create-v1', 'orders:write'),
  e('GET', '/v2/invoices/{invoice_id}', 'invoice-read', 'invoices:read', ['sandbox']),
  e('POST', '/v2/orders/{order_id}/cancel', 'order-cancel', 'orders:write', ['sandbox']),
  e('PUT', '/v2/inventory/{sku}', 'inventory-write', 'orders:write'),
  e('GET', '/v1/orders/{order_id}', 'order-read-v1', 'orders:read'),
  e('POST', '/v2/customers', 'customer-create', 'orders:write', ['sandbox']),
  e('PUT', '/v2/customers/{customer_id}', 'customer-update', 'orders:write'),
  e('POST', '/v2/invoices', 'invoice-create', 'orders:write'),
  e('GET', '/v1/products', 'products-v1', 'catalog:read'),
  e('DELETE', '/v2/orders/{order_id}', 'order-delete', 'orders:write'),
  e('POST', '/v2/webhooks', 'webhook-register', 'webhooks:write'),
  e('DELETE', '/v2/webhooks/{webhook_id}', 'webhook-delete', 'webhooks:write'),
  e('GET', '/v2/webhooks', 'webhook-list', 'webhooks:read'),
];

/** Deprecated prod endpoints and the endpoint that replaces each (days before as-of it was announced). */
export const deprecations = [
  { from: 'POST /v1/orders', to: 'POST /v2/orders', announcedDaysAgo: 120, sunsetInDays: 60 },
  {
    from: 'GET /v1/orders/{order_id}',
    to: 'GET /v2/orders/{order_id}',
    announcedDaysAgo: 200,
    sunsetInDays: 20,
  },
  { from: 'GET /v1/products', to: 'GET /v3/catalog', announcedDaysAgo: 300, sunsetInDays: 10 },
] as const;

/** Functions that serve several routes besides their own, by the endpoints they serve. */
export const sharedFunctions = [
  {
    name: 'edge-auth',
    runtime: 'edge',
    serves: [
      'POST /v2/orders',
      'POST /v1/orders',
      'POST /v3/carts/{cart_id}/checkout',
      'PATCH /v2/orders/{order_id}',
    ],
  },
  {
    name: 'catalog-cache',
    runtime: 'edge',
    serves: ['GET /v3/catalog', 'GET /v3/catalog/{sku}', 'GET /v1/products'],
  },
  {
    name: 'pricing-engine',
    runtime: 'python',
    serves: ['POST /v2/orders', 'POST /v3/carts', 'POST /v3/carts/{cart_id}/checkout', 'POST /v1/orders'],
  },
] as const;

/** What a kind of consumer calls: endpoints (as "METHOD path") it always uses, and optional extras. */
export interface CallerProfile {
  name: string;
  kind: CallerKind;
  core: string[];
  extras: string[];
}

/** The caller profiles consumers are drawn from. */
export const profiles: readonly CallerProfile[] = [
  {
    name: 'storefront',
    kind: 'human',
    core: [
      'GET /v2/skus/{sku}',
      'GET /v3/catalog',
      'GET /v2/search',
      'GET /v3/catalog/{sku}',
      'POST /v3/carts',
    ],
    extras: [
      'GET /v3/recommendations',
      'GET /v3/carts/{cart_id}',
      'PATCH /v3/carts/{cart_id}',
      'POST /v3/carts/{cart_id}/checkout',
      'GET /v2/orders/{order_id}',
      'GET /v2/inventory/{sku}',
    ],
  },
  {
    name: 'fulfilment',
    kind: 'automation',
    core: ['GET /v2/orders', 'GET /v2/orders/{order_id}', 'GET /v2/inventory/{sku}', 'POST /v2/shipments'],
    extras: [
      'PATCH /v2/orders/{order_id}',
      'GET /v2/shipments/{shipment_id}',
      'PUT /v2/inventory/{sku}',
      'GET /v2/orders/{order_id}/events',
      'POST /v2/orders/{order_id}/cancel',
      'GET /v2/skus/{sku}',
    ],
  },
  {
    name: 'ordering',
    kind: 'automation',
    core: ['POST /v2/orders', 'GET /v2/orders/{order_id}', 'GET /v2/skus/{sku}', 'GET /v2/inventory/{sku}'],
    extras: [
      'GET /v2/customers/{customer_id}',
      'POST /v2/customers',
      'GET /v2/orders/{order_id}/events',
      'POST /v2/webhooks',
      'GET /v2/webhooks',
      'DELETE /v2/webhooks/{webhook_id}',
      'GET /v1/orders/{order_id}',
      'DELETE /v2/orders/{order_id}',
    ],
  },
  {
    name: 'finance',
    kind: 'automation',
    core: ['GET /v2/orders', 'GET /v2/invoices/{invoice_id}', 'POST /v2/invoices'],
    extras: [
      'GET /v2/customers',
      'PUT /v2/customers/{customer_id}',
      'GET /v2/customers/{customer_id}',
      'GET /v2/orders/{order_id}',
    ],
  },
  {
    name: 'assistant',
    kind: 'assistant',
    core: ['GET /v2/search', 'GET /v2/skus/{sku}', 'POST /v1/orders', 'GET /v3/recommendations'],
    extras: [
      'GET /v1/products',
      'GET /v3/catalog',
      'GET /v2/orders/{order_id}',
      'GET /v1/orders/{order_id}',
      'POST /v2/orders',
    ],
  },
  {
    name: 'merchandising',
    kind: 'human',
    core: ['GET /v3/catalog', 'GET /v2/skus/{sku}', 'PUT /v2/inventory/{sku}', 'GET /v2/customers'],
    extras: ['GET /v2/search', 'GET /v1/products', 'GET /v3/recommendations', 'GET /v2/inventory/{sku}'],
  },
];

/** "METHOD path" of an endpoint: how the catalog refers to it. */
export function endpointKey(endpoint: { method: string; path: string }): string {
  return `${endpoint.method} ${endpoint.path}`;
}
