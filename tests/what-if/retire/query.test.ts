// src/what-if/retire/query.ts on the hand-computed blast fixture: who still calls a route and the
// headers they receive.
import { describe, expect, it } from 'vitest';
import { retireOutcome } from '../../../src/what-if/retire/outcome.ts';
import { retirePreview } from '../../../src/what-if/retire/query.ts';
import { useBlastWorkspace } from '../../queries/blast/blast-workspace.ts';

const ws = useBlastWorkspace();

describe('retirePreview', () => {
  it('lists who still calls the deprecated route and the headers they receive', async () => {
    const data = await retirePreview('rt_orders_v1', ws());
    expect(data?.dependents.map((d) => [d.consumer_id, d.requests_per_day, d.agent_share_pct])).toEqual([
      ['con_agent', 100, 100],
    ]);
    expect(data?.functions.map((f) => [f.function_id, f.left_without_route])).toEqual([
      ['fn_legacy', true],
      ['fn_create', false],
    ]);
    // deprecated 2026-06-01 = 1,780,272,000 s; sunset 2027-01-31 (a Sunday); successor /v2/orders.
    expect(data?.headers).toEqual({
      Deprecation: '@1780272000',
      Sunset: 'Sun, 31 Jan 2027 00:00:00 GMT',
      Link: '</app/api/routes/rt_orders_v1>; rel="deprecation"; type="text/html", </v2/orders>; rel="successor-version"',
    });
  });

  it('names the keys each caller uses, and embeds a setup giving the same headers at the proposed sunset', async () => {
    for (const routeId of ['rt_orders_v1', 'rt_sandbox']) {
      const data = await retirePreview(routeId, ws());
      if (!data) throw new Error(`no retire preview for ${routeId}`);
      const outcome = retireOutcome(data.setup, data.setup.default_sunset);
      expect(outcome.valid && outcome.headers).toEqual(data.headers);
      const names = new Map(
        (await ws().query<{ key_id: string; name: string }>('select key_id, name from keys')).map((k) => [
          k.key_id,
          k.name,
        ]),
      );
      for (const d of data.dependents) for (const k of d.keys) expect(k.name).toBe(names.get(k.key_id));
    }
  });

  it('proposes dates and the next version for a route not yet deprecated', async () => {
    const data = await retirePreview('rt_sandbox', ws());
    // as_of 2026-11-01 = 1,793,491,200 s; + 90 days = 2027-01-30 (a Saturday).
    expect(data?.headers).toEqual({
      Deprecation: '@1793491200',
      Sunset: 'Sat, 30 Jan 2027 00:00:00 GMT',
      Link: '</app/api/routes/rt_sandbox>; rel="deprecation"; type="text/html", </v3/orders/{order_id}>; rel="successor-version"',
    });
  });
});
