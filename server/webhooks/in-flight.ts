// A Postgres worker's attempts in flight, in all and by endpoint: what a claim may still take of
// each endpoint's deliveries (claim_deliveries gives one endpoint at most half the worker's slots).

/** Attempts in flight, counted as a claim hands them out and as each ends. */
export class InFlight {
  private readonly byEndpoint = new Map<string, number>();
  /** All of them. */
  total = 0;

  /** A claim's attempts are in flight from now. */
  add(claimed: readonly { endpoint_id: string }[]): void {
    for (const { endpoint_id } of claimed)
      this.byEndpoint.set(endpoint_id, (this.byEndpoint.get(endpoint_id) ?? 0) + 1);
    this.total += claimed.length;
  }

  /** An attempt to `endpointId` has ended. */
  end(endpointId: string): void {
    const left = (this.byEndpoint.get(endpointId) ?? 1) - 1;
    if (left > 0) this.byEndpoint.set(endpointId, left);
    else this.byEndpoint.delete(endpointId);
    this.total--;
  }

  /** The endpoints with attempts in flight and how many each, as two arrays (SQL parameters). */
  columns(): [string[], number[]] {
    return [[...this.byEndpoint.keys()], [...this.byEndpoint.values()]];
  }
}
