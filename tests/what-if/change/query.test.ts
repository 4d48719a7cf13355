// src/what-if/change/query.ts on the hand-computed blast fixture.
import { describe, expect, it } from 'vitest';
import { functionPreview } from '../../../src/what-if/change/query.ts';
import { useBlastWorkspace } from '../../queries/blast/blast-workspace.ts';

const ws = useBlastWorkspace();

describe('functionPreview', () => {
  it('gives routes and consumers behind a function, busiest first', async () => {
    const data = await functionPreview('fn_create', ws());
    expect(data?.summary).toMatchObject({ routes_served: 2, requests_per_day: 830, consumers: 3 });
    expect(data?.routes.map((r) => r.route_id)).toEqual(['rt_orders_v2', 'rt_orders_v1']);
    expect(data?.consumers.map((c) => c.consumer_id)).toEqual(['con_human', 'con_bot', 'con_agent']);
  });
});
