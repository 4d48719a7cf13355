// Orders in the order they were created (created_at, then id), with the environment and customer
// each belongs to: what listing an environment's orders newest first needs, kept in typed arrays
// beside the journal's index. The order itself is read back from the journal.
import { Dictionary } from './dictionary.ts';

const environments = ['production', 'sandbox', 'staging'];

/** Created_at then id, oldest first; unsorted while a replay adds in file order, until `settle`. */
export class OrderTimeline {
  private ids: string[] = [];
  private created = new Float64Array(1024);
  private env = new Uint8Array(1024);
  private customer = new Int32Array(1024);
  private readonly customers = new Dictionary();
  private sorted = true;

  /** How many orders it holds. */
  get size(): number {
    return this.ids.length;
  }

  /** Adds an order at its place in time (at the end, unless the clock or a lane reordered it). */
  add(id: string, createdMs: number, environment: string, customer: string): void {
    const n = this.ids.length;
    if (n === this.created.length) this.grow();
    const at = this.sorted ? this.placeOf(createdMs, id) : n;
    if (at < n) {
      this.ids.splice(at, 0, id);
      this.created.copyWithin(at + 1, at, n);
      this.env.copyWithin(at + 1, at, n);
      this.customer.copyWithin(at + 1, at, n);
    } else this.ids.push(id);
    this.created[at] = createdMs;
    this.env[at] = environments.indexOf(environment);
    this.customer[at] = this.customers.code(customer);
  }

  /** Adds without ordering (a replay in file order); call `settle` once it is done. */
  addUnsorted(id: string, createdMs: number, environment: string, customer: string): void {
    this.sorted = false;
    this.add(id, createdMs, environment, customer);
  }

  /** Puts orders added by a replay in time order, once. */
  settle(): void {
    if (this.sorted) return;
    const n = this.ids.length;
    const order = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => this.compare(a, b));
    const ids: string[] = [];
    const created = new Float64Array(this.created.length);
    const env = new Uint8Array(this.env.length);
    const customer = new Int32Array(this.customer.length);
    for (let i = 0; i < n; i++) {
      const from = order[i] as number;
      ids.push(this.ids[from] as string);
      created[i] = this.created[from] as number;
      env[i] = this.env[from] as number;
      customer[i] = this.customer[from] as number;
    }
    [this.ids, this.created, this.env, this.customer] = [ids, created, env, customer];
    this.sorted = true;
  }

  /**
   * Ids of an environment's orders, newest first, older than the order `after` (its created_at and
   * id), at most `limit`, and whether more follow; `customer` narrows them.
   */
  page(
    environment: string,
    limit: number,
    after?: { createdMs: number; id: string },
    customer?: string,
  ): { ids: string[]; hasMore: boolean } {
    const env = environments.indexOf(environment);
    const code = customer === undefined ? -1 : (this.customers.find(customer) ?? -2);
    const ids: string[] = [];
    if (code === -2) return { ids, hasMore: false };
    let i = (after === undefined ? this.ids.length : this.placeOf(after.createdMs, after.id)) - 1;
    for (; i >= 0; i--) {
      if (this.env[i] !== env || (code !== -1 && this.customer[i] !== code)) continue;
      if (ids.length === limit) return { ids, hasMore: true };
      ids.push(this.ids[i] as string);
    }
    return { ids, hasMore: false };
  }

  /** The first index whose (created, id) is at or after the given one. */
  private placeOf(createdMs: number, id: string): number {
    let hi = this.ids.length;
    // A new order is almost always the latest: past the last one, no search.
    if (hi === 0 || createdMs > (this.created[hi - 1] as number)) return hi;
    let lo = 0;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const t = this.created[mid] as number;
      const before = t < createdMs || (t === createdMs && (this.ids[mid] as string) < id);
      if (before) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private compare(a: number, b: number): number {
    const d = (this.created[a] as number) - (this.created[b] as number);
    if (d !== 0) return d;
    const x = this.ids[a] as string;
    const y = this.ids[b] as string;
    return x < y ? -1 : x > y ? 1 : 0;
  }

  private grow(): void {
    const size = this.created.length * 2;
    const created = new Float64Array(size);
    const env = new Uint8Array(size);
    const customer = new Int32Array(size);
    created.set(this.created);
    env.set(this.env);
    customer.set(this.customer);
    [this.created, this.env, this.customer] = [created, env, customer];
  }
}
