// Group commit's gathering, shared by the order journal and the Postgres order store: wait a few
// turns of the event loop for more work before flushing, so one write or one INSERT carries many.

/** How long a batch waits for company: up to `gatherTurns` extra loop turns, until `batchTarget` wait. */
export interface GatherPolicy {
  gatherTurns: number;
  batchTarget: number;
}

/**
 * Calls `flush` on a later turn of the event loop: after `policy.gatherTurns` extra turns, or sooner
 * once `waiting()` reaches `policy.batchTarget`. An idle loop turns at once, so a lone item barely
 * waits; a busy one carries many requests per turn.
 */
export function gatherThenFlush(waiting: () => number, policy: GatherPolicy, flush: () => void): void {
  let turns = 0;
  const turn = () => {
    if (waiting() < policy.batchTarget && turns++ < policy.gatherTurns) setImmediate(turn);
    else flush();
  };
  setImmediate(turn);
}
