// The Postgres stores' statements, one per file in sql/ (SQL never inside TypeScript strings).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The SQL of `sql/<name>.sql`, read once per name. */
export function postgresSql(name: string): string {
  let text = cache.get(name);
  if (text === undefined) {
    text = readFileSync(join(import.meta.dirname, 'sql', `${name}.sql`), 'utf8');
    cache.set(name, text);
  }
  return text;
}

const cache = new Map<string, string>();
