// The deliveries due now, oldest first, with at most `perEndpoint` of one endpoint's in flight. An
// endpoint that makes its attempts wait for their time-out then holds its share of the slots, never
// all of them, and every other endpoint's deliveries go on. An endpoint's own deliveries keep their
// order: those over its share wait aside (its later ones join them when reached), and each that ends
// lets its oldest aside come back, taken before anything in line.
import { Fifo } from './fifo.ts';

/** Due deliveries, taken oldest first among the endpoints with room; iterable, those aside last. */
export class DueQueue<T extends { endpointId: string }> implements Iterable<T> {
  private readonly due = new Fifo<T>();
  /** Deliveries back from aside, each with room: older than any of their endpoint's in line or aside. */
  private readonly back = new Fifo<T>();
  /** By endpoint, oldest first: deliveries of an endpoint at its share, waiting for one to end. */
  private readonly aside = new Map<string, Fifo<T>>();
  private readonly inFlight = new Map<string, number>();
  private readonly perEndpoint: number;

  constructor(perEndpoint: number) {
    this.perEndpoint = perEndpoint;
  }

  /** How many wait (in line or aside). */
  get length(): number {
    let waiting = this.due.length + this.back.length;
    for (const tasks of this.aside.values()) waiting += tasks.length;
    return waiting;
  }

  /** Adds a delivery at the back of the line (older ones of its endpoint may still be in it). */
  push(task: T): void {
    this.due.push(task);
  }

  /** The delivery at the front of the line, left there (those aside are behind their share). */
  oldest(): T | undefined {
    return this.back.peek() ?? this.due.peek();
  }

  /** The oldest delivery whose endpoint has room, counted in flight from now; undefined if none. */
  take(): T | undefined {
    const returned = this.back.shift();
    if (returned !== undefined) {
      this.inFlight.set(returned.endpointId, (this.inFlight.get(returned.endpointId) ?? 0) + 1);
      return returned;
    }
    for (let task = this.due.shift(); task !== undefined; task = this.due.shift()) {
      const id = task.endpointId;
      const flying = this.inFlight.get(id) ?? 0;
      const waiting = this.aside.get(id);
      if (waiting !== undefined) {
        // Older ones of its endpoint wait aside: it goes behind them, and the oldest goes if it can.
        waiting.push(task);
        if (flying >= this.perEndpoint) continue;
        task = waiting.shift();
        if (waiting.length === 0) this.aside.delete(id);
      } else if (flying >= this.perEndpoint) {
        this.setAside(task);
        continue;
      }
      this.inFlight.set(id, flying + 1);
      return task;
    }
    return undefined;
  }

  /** A delivery taken has ended: its endpoint's oldest one aside comes back, to be taken next. */
  ended(task: T): void {
    const flying = (this.inFlight.get(task.endpointId) ?? 1) - 1;
    if (flying > 0) this.inFlight.set(task.endpointId, flying);
    else this.inFlight.delete(task.endpointId);
    const waiting = this.aside.get(task.endpointId);
    const next = waiting?.shift();
    if (waiting?.length === 0) this.aside.delete(task.endpointId);
    if (next !== undefined) this.back.push(next);
  }

  /** Whether a waiting delivery matches. */
  some(match: (task: T) => boolean): boolean {
    for (const task of this) if (match(task)) return true;
    return false;
  }

  /** Removes the waiting deliveries that match; returns them. */
  remove(match: (task: T) => boolean): T[] {
    const removed = [...this.back.remove(match), ...this.due.remove(match)];
    for (const [endpointId, tasks] of this.aside) {
      for (const task of tasks.remove(match)) removed.push(task);
      if (tasks.length === 0) this.aside.delete(endpointId);
    }
    return removed;
  }

  /** Puts a delivery behind its endpoint's others aside (an array's shift would copy the rest). */
  private setAside(task: T): void {
    let waiting = this.aside.get(task.endpointId);
    if (waiting === undefined) this.aside.set(task.endpointId, (waiting = new Fifo<T>()));
    waiting.push(task);
  }

  *[Symbol.iterator](): Iterator<T> {
    yield* this.back;
    yield* this.due;
    for (const tasks of this.aside.values()) yield* tasks;
  }
}
