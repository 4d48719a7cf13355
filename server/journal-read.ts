// Reading the orders journal: its files, and each read a chunk at a time, never whole (why:
// docs/decisions.md, "Index and replay").
import { existsSync, readdirSync, statSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import type { StoredOrder } from '../src/api/orders/deps.ts';
import { defaultChunkBytes, scanLines } from '../src/node/file-lines.ts';
import type { OrderIndex } from './order-index.ts';

/** A stored order as replayed, with where its line sits in its file (bytes, newline excluded). */
export type OrderVisitor = (order: StoredOrder, offset: number, length: number) => void;

/** What a scan found: where the complete lines end, and how many of them were not orders. */
export interface ScanResult {
  /** Bytes up to the last newline; anything after it is a torn line from a crash mid-write. */
  end: number;
  unreadable: number;
}

/** Calls `visit` with every order of a journal file; blank lines are skipped, others counted. */
export function scanOrders(file: string, visit: OrderVisitor, chunkBytes = defaultChunkBytes): ScanResult {
  let unreadable = 0;
  const end = scanLines(
    file,
    (line, offset) => {
      const text = line.toString('utf8');
      if (text.trim() === '') return;
      let order: StoredOrder | null = null;
      try {
        order = JSON.parse(text) as StoredOrder | null;
      } catch {
        // Counted below: after a torn tail is cut, appends start on a line of their own, so only a
        // file damaged by something else has one.
      }
      if (typeof order?.id === 'string') visit(order, offset, line.length);
      else unreadable++;
    },
    0,
    chunkBytes,
  );
  return { end, unreadable };
}

/** The journal file of one lane inside an orders directory. */
export function journalFile(dir: string, lane = 0): string {
  return join(dir, `orders-${lane}.ndjson`);
}

/** Every journal file of an orders directory. */
export function journalFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ndjson'))
    .sort()
    .map((f) => join(dir, f));
}

/** Reads every complete order line of a journal, oldest first (tests and tools; holds them all). */
export function readJournal(dir: string): StoredOrder[] {
  const orders: StoredOrder[] = [];
  for (const file of journalFiles(dir)) scanOrders(file, (order) => orders.push(order));
  return orders.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
}

/** Replays one journal file into the index, then cuts a torn last line off it; returns its length. */
export function replayJournalFile(
  file: string,
  fileNo: number,
  index: OrderIndex,
  visit?: (order: StoredOrder) => void,
): number {
  if (!existsSync(file)) return 0;
  const { end, unreadable } = scanOrders(file, (order, offset, length) => {
    index.add(order.id, fileNo, offset, length);
    visit?.(order);
  });
  if (unreadable > 0) console.warn(`Orders journal: skipped ${unreadable} unreadable line(s) in ${file}`);
  // A torn last line never got its 201; cut it so the next append starts on a line of its own.
  if (statSync(file).size > end) truncateSync(file, end);
  return end;
}
