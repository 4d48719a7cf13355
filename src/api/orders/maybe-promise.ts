// Values that stores give now (in memory) or later (on Redis or Postgres), and how callers tell
// which, to await only what is still to come.

/** A value now (in-memory stores) or later (stores on Redis or Postgres). */
export type MaybePromise<T> = T | Promise<T>;

/**
 * Whether a value is still to come (a promise, or any thenable): callers await only then, as each
 * await costs a turn of the microtask queue even for a value that is already there.
 */
export function isPending<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}
