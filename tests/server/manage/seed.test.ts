// What the management API reads of the workspace at start gives the console's own numbers: a dry
// run's blast radius is v_blast_score's, its what-if the rotate and retire previews' (read through
// src/queries/blast/ here, on the hand-computed blast fixture).
import { describe, expect, it } from 'vitest';
import { blastFinder, readManageReference } from '../../../server/manage/seed.ts';
import { blastScore } from '../../../src/queries/blast/score.ts';
import { retirePreview } from '../../../src/what-if/retire/query.ts';
import { rotatePreview } from '../../../src/what-if/rotate/query.ts';
import { useBlastWorkspace } from '../../queries/blast/blast-workspace.ts';

const ws = useBlastWorkspace();

describe('readManageReference', () => {
  it('takes every key and route of the workspace, with the blast figures the console shows', async () => {
    const reference = await readManageReference(ws());
    expect(reference.seed.keys.length).toBeGreaterThan(0);
    for (const key of reference.seed.keys) {
      const score = await blastScore('key', key.key_id, ws());
      const blast = blastFinder(reference.blast)({ type: 'key', id: key.key_id, name: key.name });
      expect(blast).toEqual({
        score: score?.score ?? 0,
        dependents: score?.dependents ?? 0,
        requests_per_day: score?.requests_per_day ?? 0,
      });
      const rotate = await rotatePreview(key.key_id, ws());
      expect(reference.whatIf.get(`key:${key.key_id}`)).toMatchObject({
        consumers_to_switch: rotate?.summary.consumers_to_switch,
        requests_per_day: rotate?.summary.requests_per_day,
      });
    }
    for (const route of reference.seed.routes) {
      const retire = await retirePreview(route.route_id, ws());
      expect(reference.whatIf.get(`route:${route.route_id}`)).toMatchObject({
        dependents_calling: retire?.summary.dependents_calling,
        requests_per_day: retire?.summary.requests_per_day,
      });
    }
  });
});
