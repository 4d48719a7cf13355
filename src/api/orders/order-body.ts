// The API body of a stored order.
import type { Order } from './contract.ts';
import type { StoredOrder } from './deps.ts';

/** The public body of an order, with the events raised by the operation that returns it. */
export function orderBody(order: StoredOrder, events: string[]): Order {
  return {
    id: order.id,
    customer: order.customer,
    lines: order.lines,
    invoice: null,
    events,
    livemode: order.livemode,
    created_at: order.created_at,
  };
}
