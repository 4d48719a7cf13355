// Raises key.revoked and key.rolled for the management API's changes: right after a change this
// process commits (before it answers), and, for changes it did not make (the keys CLI, another
// worker) or made just before a crash, by reading the trail at start and every few seconds. An
// event already raised is never raised again (its id is its entry's), so each change raises one.
import type { OrdersDeps } from '../../src/api/orders/deps.ts';
import { raiseEvent } from '../../src/api/orders/events/raise.ts';
import type { AuditEntry } from '../../src/manage/audit.ts';
import { keyEventOf } from '../../src/manage/key-events.ts';
import type { Decision, Ledger, ManageStore } from '../../src/manage/ledger.ts';

/** How often the trail is read for changes made elsewhere (ms). */
export const keyEventsEveryMs = 2_000;

/** Key events over a management store and the API's events. */
export class KeyEvents {
  private readonly inner: ManageStore;
  private readonly deps: Pick<OrdersDeps, 'events' | 'onEvent'>;
  /** Entries read so far (the trail is append-only). */
  private seen = 0;
  /** One raise at a time, so a change and the sweep never raise one event twice. */
  private tail: Promise<unknown> = Promise.resolve();
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(store: ManageStore, deps: Pick<OrdersDeps, 'events' | 'onEvent'>) {
    this.inner = store;
    this.deps = deps;
  }

  /** The store, whose commits raise their change's event before they resolve. */
  get store(): ManageStore {
    const inner = this.inner;
    return {
      current: () => inner.current(),
      refresh: inner.refresh ? () => inner.refresh?.() : undefined,
      catchUp: inner.catchUp?.bind(inner),
      close: () => inner.close(),
      commit: async <T>(decide: (ledger: Ledger) => Decision<T>): Promise<T> => {
        let written: AuditEntry | null = null;
        const answer = await inner.commit<T>((ledger) => {
          const decision = decide(ledger);
          if ('answer' in decision) return decision;
          return { write: decision.write, then: (entry) => ((written = entry), decision.then(entry)) };
        });
        if (written) await this.raise([written]).catch((error: unknown) => this.failed(error));
        return answer;
      },
    };
  }

  /** Raises the events of every change of the trail not raised yet (at start, then each sweep). */
  sweep(): Promise<void> {
    // current() reads other writers' changes itself, at most a second old.
    const entries = this.inner.current().entries;
    const fresh = entries.slice(this.seen);
    this.seen = entries.length;
    return this.raise(fresh);
  }

  /** Sweeps every keyEventsEveryMs from now on. */
  start(everyMs = keyEventsEveryMs): void {
    this.timer = setInterval(() => void this.sweep().catch((error: unknown) => this.failed(error)), everyMs);
    this.timer.unref();
  }

  /** Stops sweeping; waits for a raise under way. */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.tail.catch(() => undefined);
  }

  private raise(entries: readonly AuditEntry[]): Promise<void> {
    const run = this.tail.then(async () => {
      for (const entry of entries) {
        const event = keyEventOf(entry);
        if (!event || !this.deps.events || (await this.deps.events.get(event.id))) continue;
        await raiseEvent(this.deps, event);
      }
    });
    this.tail = run.catch(() => undefined);
    return run;
  }

  private failed(error: unknown): void {
    // The change stands; its event is raised by a later sweep (the store was out).
    console.error(`Key events: ${error instanceof Error ? error.message : String(error)}; retrying`);
    this.seen = 0;
  }
}
