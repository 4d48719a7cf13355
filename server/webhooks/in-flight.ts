// A Postgres worker's attempts in flight, in all and by endpoint: what a claim may still take of
// each endpoint's deliveries (claim_deliveries gives one endpoint at most half the worker's slots).

/** Attempts in flight, counted as a claim hands them out and as each ends. */
export class InFlight {
  private readonly byEndpoint = new Map<string, number>();
  /** An endpoint that a claim may have left at its share is down to half of it (see `freed`). */
  private halfFreed = false;
  /** All of them. */
  total = 0;
  /** Attempts to one endpoint a claim may bring this worker up to (endpointShare of its slots). */
  readonly share: number;

  constructor(share: number) {
    this.share = share;
  }

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
    if (left === Math.floor(this.share / 2)) this.halfFreed = true;
    this.total--;
  }

  /**
   * Whether an endpoint has come down to half its share since the last claim or the last asking: a
   * claim its share cut short may now bring half a share more of its deliveries.
   */
  freed(): boolean {
    const freed = this.halfFreed;
    this.halfFreed = false;
    return freed;
  }

  /**
   * The claim's parameters: the endpoints with attempts in flight, how many each, and the share. A
   * claim sees every count as it is now, so what was freed before it is not news (`freed`).
   */
  claimParameters(): [string[], number[], number] {
    this.halfFreed = false;
    return [[...this.byEndpoint.keys()], [...this.byEndpoint.values()], this.share];
  }
}
