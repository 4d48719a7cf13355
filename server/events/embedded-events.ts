// Events and webhook endpoints on the embedded default, in the orders folder beside the journal:
// an order's event is its journal line (the same synced write), raised events go to events.jsonl and
// endpoints to webhooks.jsonl (each change synced before it is answered; the last record of an id
// wins). Extensions other than .ndjson, so the journal's replay never reads them as orders.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { OrderStore, StoredEvent, WebhookEndpoint } from '../../src/api/orders/deps.ts';
import {
  MemoryRaisedEvents,
  OrderDerivedEvents,
  type DeliveryOutcome,
} from '../../src/api/orders/events/derived-events.ts';
import { MemoryWebhookStore } from '../../src/api/orders/events/memory-webhooks.ts';
import { JsonlFile } from './jsonl-file.ts';

/** An endpoint change as a line: the endpoint, or its removal. */
type EndpointLine = WebhookEndpoint | { id: string; removed: true };

/** The embedded events and endpoints, and their files to close. */
export interface EmbeddedEvents {
  events: OrderDerivedEvents;
  webhooks: MemoryWebhookStore;
  close(): Promise<void>;
}

/** The events file of an orders folder. */
export const eventsFile = (dir: string) => join(dir, 'events.jsonl');
/** The webhook endpoints file of an orders folder. */
export const webhooksFile = (dir: string) => join(dir, 'webhooks.jsonl');

/** Opens the events and endpoints of the orders folder `dir` (the journal holds its lock). */
export async function openEmbeddedEvents(
  dir: string,
  orders: OrderStore,
  delivery?: DeliveryOutcome,
): Promise<EmbeddedEvents> {
  mkdirSync(dir, { recursive: true });
  const raised: StoredEvent[] = [];
  const eventFile = await JsonlFile.open<StoredEvent>(eventsFile(dir), true, (e) => raised.push(e));
  const endpoints = new Map<string, WebhookEndpoint>();
  const endpointFile = await JsonlFile.open<EndpointLine>(webhooksFile(dir), true, (line) => {
    if ('removed' in line) endpoints.delete(line.id);
    else endpoints.set(line.id, line);
  });
  return {
    events: new OrderDerivedEvents(orders, {
      raised: new MemoryRaisedEvents(raised, (event) => eventFile.append(event)),
      delivery,
    }),
    webhooks: new MemoryWebhookStore(endpoints.values(), (change) => endpointFile.append(change)),
    close: async () => {
      await Promise.all([eventFile.close(), endpointFile.close()]);
    },
  };
}
