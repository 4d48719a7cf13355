// A first-in, first-out queue for the deliveries due now: Array#shift copies a large array on every
// call, and a burst of orders leaves tens of thousands of deliveries waiting.

/** A queue with O(1) push and shift, iterable oldest first. */
export class Fifo<T> implements Iterable<T> {
  private items: T[] = [];
  private head = 0;

  /** How many items wait. */
  get length(): number {
    return this.items.length - this.head;
  }

  /** Adds an item at the back. */
  push(item: T): void {
    this.items.push(item);
  }

  /** The item at the front, left there; undefined when empty. */
  peek(): T | undefined {
    return this.items[this.head];
  }

  /** Takes the item at the front, or undefined when empty. */
  shift(): T | undefined {
    if (this.head === this.items.length) return undefined;
    const item = this.items[this.head++];
    // Drop the taken slots once they are most of the array (amortised O(1)).
    if (this.head >= 1_024 && this.head * 2 >= this.items.length) {
      this.items = this.items.slice(this.head);
      this.head = 0;
    }
    return item;
  }

  /** Whether an item matches. */
  some(match: (item: T) => boolean): boolean {
    for (const item of this) if (match(item)) return true;
    return false;
  }

  /** Removes the items that match, keeping the others' order; returns those removed. */
  remove(match: (item: T) => boolean): T[] {
    const removed: T[] = [];
    const kept: T[] = [];
    for (const item of this) (match(item) ? removed : kept).push(item);
    this.items = kept;
    this.head = 0;
    return removed;
  }

  *[Symbol.iterator](): Iterator<T> {
    for (let i = this.head; i < this.items.length; i++) yield this.items[i] as T;
  }
}
