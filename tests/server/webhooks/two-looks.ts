// Run by postgres-queue.engines.test.ts in a process of its own (a loop that never awaits would
// stop the test's own timers): two looks on one queue, the first holding every slot with attempts
// that wait to be released. Prints how many deliveries were sent once both looks are done.
import { PostgresDatabase } from '../../../server/stores/postgres/database.ts';
import { PostgresWebhookStore } from '../../../server/stores/postgres/event-stores.ts';
import { PostgresOrderStore } from '../../../server/stores/postgres/order-store.ts';
import { PostgresDeliveryQueue } from '../../../server/webhooks/postgres-queue.ts';
import { endpointAt, judged, orderAt } from './fixture.ts';

const db = new PostgresDatabase(process.argv[2] ?? '');
const orders = new PostgresOrderStore(db);
const webhooks = new PostgresWebhookStore(db);
const now = Date.now();
// two endpoints, each order delivered to both: a claim takes at most half the slots of one endpoint
await webhooks.save(endpointAt('http://127.0.0.1:9/hooks', now - 60_000));
await webhooks.save({ ...endpointAt('http://127.0.0.1:9/hooks', now - 60_000), id: 'we_test2' });
for (let n = 1; n <= 6; n++) await orders.create(orderAt(n, now - 1000 + n));
let release!: () => void;
const released = new Promise<void>((resolve) => (release = resolve));
let started = 0;
const queue = new PostgresDeliveryQueue(db, webhooks, {
  batch: 8,
  attempt: async (event, endpoint) => {
    started++;
    await released;
    return judged(event, endpoint, true, Date.now());
  },
});
const first = queue.runDue();
while (started < 8) await new Promise((turn) => setTimeout(turn, 5));
// every slot is the first look's: the second must wait for one, not loop
const second = queue.runDue();
await new Promise((turn) => setTimeout(turn, 50));
release();
await Promise.all([first, second]);
console.log(JSON.stringify({ started }));
await queue.close();
await db.close();
