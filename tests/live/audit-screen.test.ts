// What the Audit screen, a target's history and the Overview's alerts read through the live source:
// filtered pages, the entry `?id=` opens, the actors for the filter, a target's latest entries, and
// nothing at all without a live API.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RequestLogReader } from '../../src/api/request-log.ts';
import { auditScreen, latestChange, liveListPatches, targetHistory } from '../../src/live/audit-screen.ts';
import { installLiveSource } from '../../src/live/source.ts';
import { demoVisitor } from '../../src/live/console-actor.ts';
import { consolePrincipal } from '../../src/manage/console-principal.ts';
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

describe("the lists' live facts", () => {
  it('read every change since the newest reset through the live source, a page at a time', async () => {
    const patches = liveListPatches();
    expect(patches?.key_prod).toMatchObject({ values: { rpm_budget: 70 }, entry: ids[6] });
    expect(patches?.key_sbx).toBeDefined();
    const deps = depsOver(freshStore('memory'));
    installLiveSource(liveSourceOf({} as RequestLogReader, deps));
    const token = await managementKey(deps);
    // More changes than one page of the trail holds (500): the newest still wins.
    for (let rpm = 1; rpm <= 510; rpm++)
      await previewAndApply(deps, 'PATCH', '/keys/key_prod', { rpm_budget: rpm }, { token });
    expect(liveListPatches()?.key_prod?.values.rpm_budget).toBe(510);
    await previewAndApply(deps, 'POST', '/demo/reset', {}, { principal: consolePrincipal(demoVisitor) });
    expect(liveListPatches()).toEqual({});
  });

  it('are null without a live API', () => {
    installLiveSource(null);
    expect(liveListPatches()).toBeNull();
  });
});
