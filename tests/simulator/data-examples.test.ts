// The SQL examples of data/README.md, run on the default workspace: each statement runs and returns
// rows (those over the live views need a running server's files: they run over empty folders, as
// `npm run sql` does before the first order); and the throttle macros refuse a target that is
// neither a key nor a consumer, where they used to return nothing.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../simulator/config.ts';
import { applyLiveViews, liveViews } from '../../src/node/live-views.ts';
import { useSimulated } from './simulated.ts';

const db = useSimulated(defaultConfig);

/** Every statement of every ```sql block, comments dropped, split at the `;` that ends a line. */
function examples(markdown: string): string[] {
  const blocks = [...markdown.matchAll(/^```sql\n([\s\S]*?)^```/gm)].map((m) => m[1] ?? '');
  return blocks.flatMap((block) =>
    block
      .split(/;[ \t]*(?:--[^\n]*)?\n/)
      .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
      .filter((s) => s !== ''),
  );
}

const statements = examples(readFileSync('data/README.md', 'utf8'));
const liveNames = new RegExp(`\\b(?:from|join) (?:${liveViews.map((v) => v.name).join('|')})\\b`);
const live = (sql: string) => liveNames.test(sql);

describe('the SQL examples of data/README.md', () => {
  it('are found', () => {
    expect(statements.length).toBeGreaterThan(15);
  });

  it.each(statements.filter((s) => !live(s)))('return rows: %s', async (sql) => {
    const rows = await db().query(sql);
    expect(rows.length).toBeGreaterThan(0);
  });

  it.each(statements.filter(live))('run over the live views: %s', async (sql) => {
    const empty = mkdtempSync(join(tmpdir(), 'live-views-'));
    await applyLiveViews(db(), { ESTATE_ORDERS_DIR: join(empty, 'orders') });
    await expect(db().query(sql)).resolves.toBeInstanceOf(Array);
  });
});

describe('the throttle macros', () => {
  it.each(['preview_throttle', 'preview_throttle_total'])(
    '%s names a target that is neither a key nor a consumer, rather than answer nothing',
    async (macro) => {
      await expect(db().query(`select * from ${macro}('key_nosuch', 800)`)).rejects.toThrow(
        /no key or consumer key_nosuch/,
      );
    },
  );
});
