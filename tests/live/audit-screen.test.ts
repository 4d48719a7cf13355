// What the Audit screen, a target's history and the Overview's alerts read through the live source:
// filtered pages, the entry `?id=` opens, the actors for the filter, a target's latest entries, and
// nothing at all without a live API.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RequestLogReader } from '../../src/api/request-log.ts';
import { auditScreen, latestChange, targetHistory } from '../../src/live/audit-screen.ts';
import { installLiveSource } from '../../src/live/source.ts';
import { liveSourceOf } from '../../server/manage/live.ts';
import { depsOver, freshStore, managementKey, previewAndApply } from '../manage/fixture.ts';

let ids: string[] = [];
beforeEach(async () => {
  const deps = depsOver(freshStore('memory'));
  installLiveSource(liveSourceOf({} as RequestLogReader, deps));
  const token = await managementKey(deps);
  ids = [];
  for (const rpm of [10, 20, 30, 40, 50, 60, 70]) {
    const { applied } = await previewAndApply(
      deps,
      'PATCH',
      '/keys/key_prod',
      { rpm_budget: rpm },
      { token },
    );
    ids.push(String(applied.body.audit_entry_id));
  }
  await previewAndApply(deps, 'POST', '/keys/key_sbx/revoke', {}, { token });
});
afterEach(() => installLiveSource(null));

describe('the Audit screen', () => {
  it('pages a filter both ways and opens an entry', () => {
    const first = auditScreen({ target: 'key_prod', limit: '3' });
    expect(first?.page.entries.map((e) => e.id)).toEqual(ids.slice(4).reverse());
    expect(first?.page.previous_cursor).toBeNull();
    const second = auditScreen({ target: 'key_prod', limit: '3', before: first?.page.next_cursor ?? '' });
    expect(second?.page.entries.map((e) => e.id)).toEqual(ids.slice(1, 4).reverse());
    const back = auditScreen({ target: 'key_prod', limit: '3', after: second?.page.previous_cursor ?? '' });
    expect(back?.page.entries).toEqual(first?.page.entries);
    expect(auditScreen({ id: ids[0] })?.entry?.id).toBe(ids[0]);
    expect(auditScreen({ id: 'aud_missing' })?.entry).toBeNull();
    expect(auditScreen({})?.entry).toBeUndefined();
  });

  it('offers the actors of the trail, and the one filtered on', () => {
    const labels = auditScreen({ actor: 'mk_gone' })?.actors.map((a) => a.label);
    expect(labels).toEqual(['mk_gone', 'test (CLI)', 'test key (Management key)']);
  });
});

describe("a target's history", () => {
  it('is its latest entries, and says when there are more', () => {
    expect(targetHistory('key_prod')).toMatchObject({ more: true });
    expect(targetHistory('key_prod')?.entries.map((e) => e.id)).toEqual(ids.slice(2).reverse());
    expect(targetHistory('key_sbx')?.entries.map((e) => e.action)).toEqual(['key.revoke']);
    expect(targetHistory('key_sbx')?.more).toBe(false);
    expect(latestChange('key_prod')?.id).toBe(ids.at(-1));
    expect(latestChange('rt_untouched')).toBeUndefined();
  });
});

describe('without a live API', () => {
  it('reads nothing', () => {
    installLiveSource(null);
    expect(auditScreen({})).toBeNull();
    expect(targetHistory('key_prod')).toBeNull();
    expect(latestChange('key_prod')).toBeNull();
  });
});
