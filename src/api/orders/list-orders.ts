// GET /v2/orders: the key's environment's orders, newest first, a page at a time, as Stripe lists:
// `limit` (1–100, default 10), `starting_after` (the last id of the previous page) and a `customer`
// filter, in a list envelope. Anything else in the query is refused, as unknown body fields are.
import { identifierPattern, limits, type OrderList, type ProblemDetail } from './contract.ts';
import type { KeyRecord, OrderListQuery, OrdersDeps } from './deps.ts';
import { badListQuery, readListQuery, unknownCursor } from './list-query.ts';
import { orderBody } from './order-body.ts';
import type { PlainResponse } from './plain.ts';
import { json } from './respond.ts';

const orderCursor = { pattern: /^ord_[A-Za-z0-9]+$/, names: 'an order id (ord_…)' };

/** The query of a request-target, or every problem with it (one entry per parameter). */
export function parseListQuery(
  target: string,
  environment: KeyRecord['environment'],
): { ok: true; query: OrderListQuery } | { ok: false; errors: ProblemDetail[] } {
  const { params, errors, limit, startingAfter, refuse } = readListQuery(target, ['customer'], orderCursor);
  const query: OrderListQuery = { environment, limit };
  if (startingAfter !== undefined) query.startingAfter = startingAfter;
  const customer = params.get('customer');
  if (customer !== null) {
    if (customer.length <= limits.maxIdLength && identifierPattern.test(customer)) query.customer = customer;
    else refuse('customer', 'invalid_customer', 'customer must be a customer id (cus_…)');
  }
  return errors.length === 0 ? { ok: true, query } : { ok: false, errors };
}

/** Lists the key's environment's orders (the key has orders:read). */
export async function listOrders(
  target: string,
  key: KeyRecord,
  deps: OrdersDeps,
  headers: Record<string, string>,
): Promise<PlainResponse> {
  const parsed = parseListQuery(target, key.environment);
  if (!parsed.ok) return badListQuery(parsed.errors, headers);
  const page = await deps.orders.list(parsed.query);
  if (page === null) return unknownCursor('order', headers);
  const body: OrderList = {
    object: 'list',
    data: page.orders.map((order) => orderBody(order, [])),
    has_more: page.hasMore,
  };
  return json(200, body, headers);
}
