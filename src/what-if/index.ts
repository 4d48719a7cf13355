// The what-ifs as node calls, one per what-if: each computes, from a workspace and the what-if's
// parameters, the answer its console preview shows (today and after). The console pages and the
// management API's dry run both use these. Node-only (they read DuckDB); what runs in the browser
// is each what-if's outcome.ts and present.ts, driven by island.ts.
export { previewChange } from './change/query.ts';
export { previewRetire } from './retire/query.ts';
export { previewRotate } from './rotate/query.ts';
export { previewThrottle } from './throttle/query.ts';
