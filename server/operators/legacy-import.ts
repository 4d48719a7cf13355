// The operators kept from before they joined the audit trail (the operators' file, or the table
// console_operators) are adopted once: one change line imports them all, with its audit entry
// (`operator.import`), the first time a process opens a journal that has never had an operator
// change. From then on the file and the table are not read: a line appended to either lets no one
// in, and every operator the console knows came through the trail.
import type { AuditEntry } from '../../src/manage/audit.ts';
import type { ManageStore } from '../../src/manage/ledger.ts';
import { operatorView, type Operator } from '../../src/operators/operator.ts';

/** An import's entry: by the process that made it, naming where the operators came from. */
function importEntry(operators: Operator[], source: string, nowMs: number): Omit<AuditEntry, 'id' | 'seq'> {
  return {
    time: new Date(nowMs).toISOString(),
    actor: { type: 'cli', id: 'cli:import', name: `import of ${source}`.slice(0, 200) },
    action: 'operator.import',
    target: { type: 'operator', id: 'operators', name: source },
    before: null,
    after: { operators: operators.map(operatorView) },
    request_id: null,
    idempotency_key: null,
    request_sha256: null,
    source_address: null,
    user_agent: null,
    blast: { score: 0, dependents: 0, requests_per_day: 0 },
  };
}

/**
 * Imports the operators `load` reads (from `source`) as one audited change, unless the journal has
 * had an operator change already (imported before, or operators made since): then they are not
 * even read. Decided under the store's lock, so two processes opening at once import once.
 */
export async function adoptLegacyOperators(
  store: ManageStore,
  load: () => Operator[] | Promise<Operator[]>,
  source: string,
  nowMs = Date.now(),
): Promise<void> {
  if (store.current().state.operators.changed) return;
  const operators = await load();
  if (operators.length === 0) return;
  await store.commit<void>((ledger) => {
    if (ledger.state.operators.changed) return { answer: undefined };
    const effects = operators.map(({ created_at: at, ...operator }) => ({
      event: 'operator' as const,
      change: { event: 'added' as const, ...operator, at },
    }));
    return { write: { entry: importEntry(operators, source, nowMs), effects }, then: () => undefined };
  });
}
