// Durable orders: an append-only NDJSON journal with group commit. Appends that arrive while a
// batch is being written wait for the next batch; each batch is one write and one fsync, and every
// request in it resolves only after that fsync. Replayed at start; a torn last line (kill -9
// mid-write) was never acknowledged and is skipped.
import { existsSync, mkdirSync, readFileSync, truncateSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import type { StoredOrder } from '../src/api/orders/deps.ts';
import { MemoryOrderStore } from '../src/api/orders/memory-store.ts';

/** The journal file inside an orders directory. */
export function journalFile(dir: string): string {
  return join(dir, 'orders.ndjson');
}

/** Reads every complete order line of a journal (oldest first). */
export function readJournal(dir: string): StoredOrder[] {
  const file = journalFile(dir);
  if (!existsSync(file)) return [];
  const orders: StoredOrder[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    try {
      orders.push(JSON.parse(line) as StoredOrder);
    } catch {
      // A torn line from a crash mid-write: its request never got a 201.
    }
  }
  return orders;
}

/** Cuts a torn last line (never acknowledged) so the next append starts on a line of its own. */
function dropTornTail(file: string): void {
  if (!existsSync(file)) return;
  const bytes = readFileSync(file);
  if (bytes.length === 0 || bytes[bytes.length - 1] === 0x0a) return;
  truncateSync(file, bytes.lastIndexOf(0x0a) + 1);
}

interface Pending {
  line: string;
  order: StoredOrder;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** An order store whose `create` resolves once the order is fsynced to the journal. */
export class JournalOrderStore extends MemoryOrderStore {
  private pending: Pending[] = [];
  private flushing = false;
  /** Batches written so far, and the orders in them (for the benchmark's report). */
  readonly stats = { batches: 0, orders: 0 };

  private readonly handle: FileHandle;

  private constructor(handle: FileHandle) {
    super();
    this.handle = handle;
  }

  /** Opens (creating) the journal in `dir` and replays it. */
  static async open(dir: string): Promise<JournalOrderStore> {
    mkdirSync(dir, { recursive: true });
    dropTornTail(journalFile(dir));
    const existing = readJournal(dir);
    const handle = await open(journalFile(dir), 'a');
    const store = new JournalOrderStore(handle);
    for (const order of existing) store.load(order);
    return store;
  }

  /** Appends an order; resolves after its batch is fsynced, then the order is readable. */
  override create(order: StoredOrder): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.push({ line: JSON.stringify(order) + '\n', order, resolve, reject });
      if (!this.flushing) {
        this.flushing = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending;
      this.pending = [];
      try {
        await this.handle.write(batch.map((p) => p.line).join(''));
        await this.handle.datasync();
        this.stats.batches += 1;
        this.stats.orders += batch.length;
        for (const p of batch) {
          this.load(p.order);
          p.resolve();
        }
      } catch (error) {
        for (const p of batch) p.reject(error);
      }
    }
    this.flushing = false;
  }

  /** Waits for pending appends, then closes the file. */
  async close(): Promise<void> {
    while (this.flushing || this.pending.length > 0) await new Promise((done) => setImmediate(done));
    await this.handle.close();
  }
}
