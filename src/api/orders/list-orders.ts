// GET /v2/orders: the key's environment's orders, newest first, a page at a time, as Stripe lists:
// `limit` (1–100, default 10), `starting_after` (the last id of the previous page) and a `customer`
// filter, in a list envelope. Anything else in the query is refused, as unknown body fields are.
import { identifierPattern, limits, listLimits, type OrderList, type ProblemDetail } from './contract.ts';
import type { KeyRecord, OrderListQuery, OrdersDeps } from './deps.ts';
import { orderBody } from './order-body.ts';
import type { PlainResponse } from './plain.ts';
import { json, problemResponse } from './respond.ts';

const orderId = /^ord_[A-Za-z0-9]+$/;
const known = new Set(['limit', 'starting_after', 'customer']);

/** The query of a request-target, or every problem with it (one entry per parameter). */
export function parseListQuery(
  target: string,
  environment: KeyRecord['environment'],
): { ok: true; query: OrderListQuery } | { ok: false; errors: ProblemDetail[] } {
  const at = target.indexOf('?');
  const params = new URLSearchParams(at === -1 ? '' : target.slice(at + 1));
  const errors: ProblemDetail[] = [];
  const refuse = (parameter: string, code: string, detail: string) =>
    errors.push({ pointer: '', code, detail, parameter });
  for (const name of new Set(params.keys())) {
    if (!known.has(name)) refuse(name, 'unknown_parameter', `Unknown query parameter "${name}"`);
    else if (params.getAll(name).length > 1)
      refuse(name, 'repeated_parameter', `${name} is given more than once`);
  }
  const query: OrderListQuery = { environment, limit: listLimits.defaultLimit };
  const limit = params.get('limit');
  if (limit !== null) {
    const n = /^\d{1,3}$/.test(limit) ? Number(limit) : NaN;
    if (n >= listLimits.minLimit && n <= listLimits.maxLimit) query.limit = n;
    else
      refuse(
        'limit',
        'invalid_limit',
        `limit must be an integer from ${listLimits.minLimit} to ${listLimits.maxLimit}`,
      );
  }
  const after = params.get('starting_after');
  if (after !== null) {
    if (orderId.test(after)) query.startingAfter = after;
    else refuse('starting_after', 'invalid_cursor', 'starting_after must be an order id (ord_…)');
  }
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
  if (!parsed.ok) {
    const n = parsed.errors.length;
    return problemResponse(
      'invalid-request',
      `${n} problem${n === 1 ? '' : 's'} in the query`,
      headers,
      parsed.errors,
    );
  }
  const page = await deps.orders.list(parsed.query);
  if (page === null) {
    const detail = `starting_after names no order in this key's environment`;
    return problemResponse('invalid-request', detail, headers, [
      { pointer: '', code: 'unknown_cursor', detail, parameter: 'starting_after' },
    ]);
  }
  const body: OrderList = {
    object: 'list',
    data: page.orders.map((order) => orderBody(order, [])),
    has_more: page.hasMore,
  };
  return json(200, body, headers);
}
