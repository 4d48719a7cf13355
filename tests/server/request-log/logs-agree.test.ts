// The request log on Postgres answers every query as the embedded log does: the same pages for any
// filter and cursor, the same request by id, the same summary and per-key activity.
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RequestFilter, RequestLog } from '../../../src/api/request-log.ts';
import { FileRequestLog } from '../../../server/request-log/file-log.ts';
import { PostgresDatabase } from '../../../server/stores/postgres/database.ts';
import { PostgresRequestLog } from '../../../server/stores/postgres/request-log.ts';
import { enginesAvailable, useEngines } from '../../helpers/engines.ts';
import { filterArbitrary, recordArbitrary } from './records.ts';

/** No filter, or one field: enough rows match for paging and order to matter. */
const oneFieldFilter = filterArbitrary(1);

/** Everything a console reads, for one filter: every page, then the detail, summary and activity. */
async function everything(log: RequestLog, filter: RequestFilter, ids: string[]) {
  const pages = [];
  let before: number | undefined;
  for (;;) {
    const page = await log.page({ ...filter, limit: 7, before });
    pages.push(page);
    if (page.next === null) break;
    before = page.next;
  }
  const found = await Promise.all(ids.slice(0, 3).map((id) => log.find(id)));
  const activity = (await log.keyActivity())
    .filter((a) => a.requests > 0)
    .sort((a, b) => a.keyId.localeCompare(b.keyId));
  return { pages, found, summary: await log.summary(filter.fromMs ?? 0), activity };
}

describe.skipIf(!enginesAvailable())('the request log on Postgres and on files', () => {
  const engines = useEngines();

  it('answers alike', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(recordArbitrary, { minLength: 10, maxLength: 40 }),
        oneFieldFilter,
        async (records, filter) => {
          const dir = mkdtempSync(join(tmpdir(), 'estate-logs-agree-'));
          const files = await FileRequestLog.open({ dir, maxBytes: 1 << 20 });
          const db = new PostgresDatabase(await engines.postgres().createDatabase());
          const postgres = new PostgresRequestLog(db, 1 << 20);
          try {
            for (const record of records) {
              files.append(record);
              postgres.append(record);
            }
            const ids = records.map((r) => r.request_id).reverse();
            expect(await everything(postgres, filter, ids)).toEqual(await everything(files, filter, ids));
          } finally {
            await Promise.all([files.close(), postgres.close()]);
            await db.close();
            rmSync(dir, { recursive: true, force: true });
          }
        },
      ),
      { numRuns: 10 },
    );
  });
});
