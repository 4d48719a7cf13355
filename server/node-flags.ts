// The V8 flags the production server runs with: `npm start`, `npm run preview` and the benchmark.

/**
 * A 32 MB young generation (V8's default is far smaller): every request allocates short-lived
 * headers, bodies and promises, and a larger nursery lets them die there instead of being copied
 * and promoted, for fewer, cheaper collections under load.
 */
export const serverNodeFlags = ['--max-semi-space-size=32'];
