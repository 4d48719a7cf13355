// The operators' file from before operators joined the audit trail (ESTATE_OPERATORS, else
// operators.jsonl beside the issued-keys file): append-only JSON lines, one change each. Nothing
// writes it any more: its operators are imported once, audited, into a journal that has never had
// an operator change (./legacy-import.ts), and it is read no more.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { scanLines } from '../../src/node/file-lines.ts';
import { issuedKeysFile } from '../../src/node/issued-keys-file.ts';
import { OperatorFold, operatorChangeSchema, type Operator } from '../../src/operators/operator.ts';

/**
 * The operators' file: ESTATE_OPERATORS, else operators.jsonl in the folder of `keysFile` (the
 * issued-keys file: ESTATE_ISSUED_KEYS, else data/issued-keys.jsonl).
 */
export function operatorsFile(env: NodeJS.ProcessEnv = process.env, keysFile = issuedKeysFile(env)): string {
  return env.ESTATE_OPERATORS ? resolve(env.ESTATE_OPERATORS) : join(dirname(keysFile), 'operators.jsonl');
}

/** The operators an operators' file leaves, oldest first (none when it does not exist); a line that does not parse is skipped. */
export function readOperatorsFile(file: string): Operator[] {
  if (!existsSync(file)) return [];
  const fold = new OperatorFold();
  scanLines(file, (raw) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.toString('utf8'));
    } catch {
      return;
    }
    const change = operatorChangeSchema.safeParse(parsed);
    if (change.success) fold.apply(change.data);
  });
  return [...fold.byId.values()];
}
