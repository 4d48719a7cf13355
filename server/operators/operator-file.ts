// The operators' file (ESTATE_OPERATORS, else operators.jsonl beside the issued-keys file, so
// data/operators.jsonl by default): append-only JSON lines, one
// change each (./directory.ts), created readable by its owner only. Each append is one write with
// O_APPEND, then fsync (and, for a new file, fsync of its folder), so a change the CLI reported is
// on disk; several writers (the CLI, a server) never interleave within a line. Readers follow the
// file: a server looks again at most a second after its last look, and at once for an unknown token.
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, statSync, writeSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { scanLines } from '../../src/node/file-lines.ts';
import { issuedKeysFile } from '../../src/node/issued-keys-file.ts';
import {
  OperatorFold,
  operatorChangeSchema,
  type Operator,
  type OperatorChange,
  type OperatorDirectory,
} from './directory.ts';

/**
 * The operators' file: ESTATE_OPERATORS, else operators.jsonl in the folder of `keysFile` (the
 * issued-keys file: ESTATE_ISSUED_KEYS, else data/issued-keys.jsonl), so a server or test given its
 * own data folder has its own operators.
 */
export function operatorsFile(env: NodeJS.ProcessEnv = process.env, keysFile = issuedKeysFile(env)): string {
  return env.ESTATE_OPERATORS ? resolve(env.ESTATE_OPERATORS) : join(dirname(keysFile), 'operators.jsonl');
}

/** Appends one change durably: one O_APPEND write, then fsync (and the folder's, for a new file). */
export function appendOperatorChange(file: string, change: OperatorChange): void {
  const line = `${JSON.stringify(operatorChangeSchema.parse(change))}\n`;
  mkdirSync(dirname(file), { recursive: true });
  const created = !existsSync(file);
  const fd = openSync(file, 'a', 0o600);
  try {
    writeSync(fd, line);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  if (created) {
    const dir = openSync(dirname(file), 'r');
    try {
      fsyncSync(dir);
    } finally {
      closeSync(dir);
    }
  }
}

/** The operators of an append-only file, followed as it grows. */
export class FileOperatorDirectory implements OperatorDirectory {
  private readonly file: string;
  private readonly fold = new OperatorFold();
  private offset = 0;
  private readonly recheckMs: number;
  private readonly now: () => number;
  private checkedAt = -Infinity;

  /** `now` is a monotonic clock in ms (tests inject one); `recheckMs` bounds how stale a read is. */
  constructor(file: string, options: { recheckMs?: number; now?: () => number } = {}) {
    this.file = file;
    this.recheckMs = options.recheckMs ?? 1_000;
    this.now = options.now ?? (() => performance.now());
  }

  list(): Promise<Operator[]> {
    this.fresh();
    return Promise.resolve([...this.fold.byId.values()]);
  }

  count(): Promise<number> {
    this.fresh();
    return Promise.resolve(this.fold.byId.size);
  }

  byId(operatorId: string): Promise<Operator | null> {
    this.fresh();
    return Promise.resolve(this.fold.byId.get(operatorId) ?? null);
  }

  byTokenHash(hashHex: string): Promise<Operator | null> {
    this.fresh();
    if (!this.fold.byTokenHash(hashHex)) this.catchUp();
    return Promise.resolve(this.fold.byTokenHash(hashHex) ?? null);
  }

  apply(change: OperatorChange): Promise<void> {
    appendOperatorChange(this.file, change);
    this.catchUp();
    return Promise.resolve();
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  /** Looks at the file again once `recheckMs` have passed since the last look. */
  private fresh(): void {
    if (this.now() - this.checkedAt >= this.recheckMs) this.catchUp();
  }

  /** Folds in the complete lines appended since the last look; a line that does not parse is skipped. */
  private catchUp(): void {
    this.checkedAt = this.now();
    if (!existsSync(this.file) || statSync(this.file).size <= this.offset) return;
    this.offset = scanLines(
      this.file,
      (raw) => {
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw.toString('utf8'));
        } catch {
          return;
        }
        const change = operatorChangeSchema.safeParse(parsed);
        if (change.success) this.fold.apply(change.data);
      },
      this.offset,
    );
  }
}
