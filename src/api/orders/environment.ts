// The environments a key, an order, an event and an endpoint belong to.

/** A key's environment: production keys are live mode, the others test mode. */
export type Environment = 'production' | 'sandbox' | 'staging';
