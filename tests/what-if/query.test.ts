// src/what-if/query.ts, the node side every what-if shares, on the hand-computed blast fixture:
// a what-if's own SQL files, bound to its parameters, each row checked.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { whatIfSql } from '../../src/what-if/query.ts';
import { useBlastWorkspace } from '../queries/blast/blast-workspace.ts';

const ws = useBlastWorkspace();
const consumer = z.object({ consumer_id: z.string(), requests_per_day: z.number() }).loose();
const summary = z.object({ key_id: z.string() }).loose();

describe('whatIfSql', () => {
  it("runs the what-if's own file with its parameters", async () => {
    const rows = await whatIfSql('rotate', { key_id: 'key_prod_a' }, ws()).rows(
      consumer,
      'rotate_key_consumers',
    );
    expect(rows.map((r) => r.consumer_id)).toEqual(['con_human', 'con_bot', 'con_agent']);
  });

  it('gives the first row, and undefined for an unknown id', async () => {
    const known = whatIfSql('rotate', { key_id: 'key_prod_a' }, ws());
    expect((await known.first(summary, 'rotate_key'))?.key_id).toBe('key_prod_a');
    expect(
      await whatIfSql('rotate', { key_id: 'key_none' }, ws()).first(summary, 'rotate_key'),
    ).toBeUndefined();
  });

  it('fails loudly when one row is wanted and there is none', async () => {
    const none = whatIfSql('rotate', { key_id: 'key_none' }, ws());
    await expect(none.one(summary, 'rotate_key')).rejects.toThrow(/returned 0 rows, expected 1/);
  });
});
