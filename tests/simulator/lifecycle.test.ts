// Every key's traffic honours its lifecycle: nothing before created_at, nothing after last_used_at
// (a revoked key's revocation, a rotated key's end of overlap), to the millisecond, in the log
// sample and the daily facts alike; and last_used_at is the key's last counted use.
import { describe, expect, it } from 'vitest';
import { useSimulated } from './simulated.ts';

const workspace = useSimulated();

interface KeyUse {
  name: string;
  status: string;
  created_at: string;
  last_used_at: string | null;
  first_sampled: string | null;
  last_sampled: string | null;
  first_day: string | null;
  last_day: string | null;
  sampled: number;
}

/** Every key with the span of its sampled requests and of its daily traffic. */
const keyUse = (): Promise<KeyUse[]> =>
  workspace().query<KeyUse>(`
    select k.name, k.status, k.created_at, k.last_used_at,
      l.first_sampled, l.last_sampled, coalesce(l.sampled, 0)::integer as sampled, t.first_day, t.last_day
    from keys k
    left join (select key_id, min(ts) as first_sampled, max(ts) as last_sampled, count(*) as sampled
               from log_sample group by key_id) l using (key_id)
    left join (select key_id, min(day) as first_day, max(day) as last_day
               from traffic_daily group by key_id) t using (key_id)
    order by k.name`);

describe('the key lifecycle', () => {
  it('covers the keys whose lifecycle changes inside the period', async () => {
    const keys = await keyUse();
    expect(keys.length).toBeGreaterThan(40);
    // rotated keys, the revoked one, and their replacements created mid-period
    expect(keys.filter((k) => k.status === 'rotated' && k.sampled > 0).length).toBeGreaterThanOrEqual(1);
    expect(keys.filter((k) => k.status === 'revoked' && k.sampled > 0)).toHaveLength(1);
    expect(keys.filter((k) => k.created_at > '2026-10-25' && k.sampled > 0).length).toBeGreaterThanOrEqual(2);
  });

  it('samples no request before a key was created or after its last use, to the millisecond', async () => {
    const outside = (await keyUse()).filter(
      (k) =>
        k.sampled > 0 &&
        (k.last_used_at === null ||
          (k.first_sampled as string) < k.created_at ||
          (k.last_sampled as string) > k.last_used_at),
    );
    expect(outside).toEqual([]);
  });

  it('counts daily traffic only on the days a key was live, ending on the day of its last use', async () => {
    const [period] = await workspace().query<{ period_start: string }>(
      'select period_start::varchar as period_start from workspace',
    );
    const start = period?.period_start ?? '';
    const wrong = (await keyUse()).filter((k) => {
      const lastUse = k.last_used_at?.slice(0, 10) ?? null;
      if (lastUse === null || lastUse < start) return k.first_day !== null;
      return k.first_day === null || k.first_day < k.created_at.slice(0, 10) || k.last_day !== lastUse;
    });
    expect(
      wrong.map((k) => [k.name, k.status, k.created_at, k.last_used_at, k.first_day, k.last_day]),
    ).toEqual([]);
  });

  it('answers nothing on a revoked key after its revocation, when its replacement took over', async () => {
    const late = await workspace().query(
      `select k.name, l.ts, l.status from keys k
       join consumer_keys ck using (key_id)
       join consumer_keys nk on nk.consumer_id = ck.consumer_id and nk.key_id <> k.key_id
       join keys n on n.key_id = nk.key_id and n.environment = k.environment and n.created_at >= k.last_used_at
       join log_sample l on l.key_id = k.key_id and l.ts > n.created_at
       where k.status = 'revoked'`,
    );
    expect(late).toEqual([]);
  });
});
