// The issued-keys file on disk (ESTATE_ISSUED_KEYS, else data/issued-keys.jsonl): append-only JSON
// lines (./issued-keys.ts), appended by the keys CLIs and followed by whoever reads them (the API's
// key store, the console). Only complete lines are read: a line still being written waits.
import { appendFileSync, existsSync, mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { scanLines } from './file-lines.ts';
import {
  formatIssuedKeysLine,
  IssuedKeys,
  parseIssuedKeysLines,
  type IssuedKeysLine,
  type KeyLifecycle,
} from '../lib/issued-keys.ts';

/** The issued-keys file: ESTATE_ISSUED_KEYS, else data/issued-keys.jsonl. */
export function issuedKeysFile(env: NodeJS.ProcessEnv = process.env): string {
  return resolve(env.ESTATE_ISSUED_KEYS ?? 'data/issued-keys.jsonl');
}

/**
 * Appends lines in one write, so a rotation's two lines (the replacement issued, the old key
 * rotated) land together. The file is created readable by its owner only.
 */
export function appendIssuedKeysLines(file: string, lines: readonly IssuedKeysLine[]): void {
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(file, lines.map(formatIssuedKeysLine).join(''), { mode: 0o600 });
}

/** Follows the file as it grows: each `catchUp` folds in the lines appended since the last. */
export class IssuedKeysReader {
  /** Every key the file names, folded so far. */
  readonly keys = new IssuedKeys();
  private readonly file: string;
  private offset = 0;

  constructor(file: string) {
    this.file = file;
  }

  /** Folds in the complete lines appended since the last call; returns the lifecycles they changed. */
  catchUp(): KeyLifecycle[] {
    if (!existsSync(this.file) || statSync(this.file).size <= this.offset) return [];
    const changed = new Set<KeyLifecycle>();
    this.offset = scanLines(
      this.file,
      (raw) => {
        for (const line of parseIssuedKeysLines(raw.toString('utf8'))) changed.add(this.keys.apply(line));
      },
      this.offset,
    );
    return [...changed];
  }
}

/** The whole file, folded: every key it names and its lifecycle (none when there is no file). */
export function readIssuedKeys(file: string = issuedKeysFile()): IssuedKeys {
  const reader = new IssuedKeysReader(file);
  reader.catchUp();
  return reader.keys;
}
