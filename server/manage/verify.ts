// Verifies the management journal: every change line's hash must cover the previous line's hash,
// its entry and its effects as stored, and seqs must follow one another; once the trail has begun,
// every line is a change line. Lines are read as the server reads them (readFileLine), so what is
// verified is what the server applies. Given the signer (the management secret), every entry must
// carry its hash's signature, except those the caller accepts as written before signing began
// (`unsignedThrough`): the chain alone can be recomputed by whoever can write the journal, a
// signature cannot without the secret. Names the first entry that was altered, the first place
// entries were removed, or the first line written outside the trail.
import { existsSync } from 'node:fs';
import { readFileLine } from '../../src/lib/issued-keys.ts';
import { scanLines } from '../../src/node/file-lines.ts';
import { chainText, genesisHash, preTrailText, type ChainSigner } from '../../src/manage/audit.ts';
import type { TextSha256 } from '../../src/manage/ledger.ts';

/** What the check found. */
export type ChainReport =
  | {
      ok: true;
      entries: number;
      head: string;
      /** How many entries carry a signature that was checked (0 when no signer was given). */
      signed: number;
      /** Key lines before the trail: applied by the server. */
      keyLinesBefore: number;
      /**
       * Whether the first entry's chain covers them (journals whose first entry was written after
       * 2026-11-28); when not, they are covered by neither chain nor signature.
       */
      keyLinesBound: boolean;
    }
  | { ok: false; entries: number; problem: string; seq: number; entry_id: string | null };

/** How to check signatures. */
export interface SignatureCheck {
  sign: ChainSigner;
  /** Entries up to this seq may be unsigned (written before signing began); default 0: none. */
  unsignedThrough?: number;
}

type Change = {
  prev?: unknown;
  hash?: unknown;
  sig?: unknown;
  entry?: { id?: unknown; seq?: unknown };
  effects?: unknown;
};

/** Walks the journal file's lines in order (see verifyLines). */
export function verifyJournal(file: string, sha256: TextSha256, signatures?: SignatureCheck): ChainReport {
  const lines: string[] = [];
  if (existsSync(file)) scanLines(file, (raw) => void lines.push(raw.toString('utf8')));
  return verifyLines(lines, sha256, signatures);
}

/** Why a line's signature does not hold, or null. */
function signatureProblem(
  line: Change,
  seq: number,
  { sign, unsignedThrough = 0 }: SignatureCheck,
  signedBefore: number,
): string | null {
  if (line.sig === undefined) {
    if (signedBefore > 0) return 'is unsigned after signed entries: written without the management secret';
    if (seq <= unsignedThrough) return null;
    return (
      'is unsigned: its signature was stripped, or it was written before signing began ' +
      '(for a journal from before 2026-11-28, give --unsigned-through <the last seq written before the upgrade>)'
    );
  }
  if (line.sig === sign(String(line.hash))) return null;
  return signedBefore === 0
    ? 'has a signature that does not match: this is not the secret that signed the journal (ESTATE_MANAGE_SECRET, or the .secret file beside it), or the entry was altered'
    : 'has a signature that does not match: altered, or signed with another secret';
}

/** Walks journal lines (a file's, or Postgres rows') in order; with `signatures`, checks them too. */
export function verifyLines(
  lines: Iterable<string>,
  sha256: TextSha256,
  signatures?: SignatureCheck,
): ChainReport {
  let head = genesisHash;
  let seq = 0;
  let signed = 0;
  let keyLinesBefore = 0;
  let keyLinesBound = false;
  let number = 0;
  const failed = (problem: string, at: number, entryId: string | null): ChainReport => ({
    ok: false,
    entries: seq,
    problem,
    seq: at,
    entry_id: entryId,
  });
  for (const text of lines) {
    number += 1;
    if (text.trim() === '') continue;
    const read = readFileLine(text);
    if (read.kind === 'neither')
      return failed(
        `line ${number} is neither a change nor a key line (altered, torn or foreign)`,
        seq + 1,
        null,
      );
    if (read.kind === 'key') {
      // Key lines from before the trail are not part of it; once it has begun, every line is.
      if (seq > 0)
        return failed(
          `the line after entry seq ${seq} is outside the trail: altered, or written without the management API`,
          seq + 1,
          null,
        );
      keyLinesBefore += 1;
      head = sha256(preTrailText(head, text));
      continue;
    }
    const line = read.value as Change;
    const id = typeof line.entry?.id === 'string' ? line.entry.id : null;
    const at = typeof line.entry?.seq === 'number' ? line.entry.seq : -1;
    if (sha256(chainText(String(line.prev), line.entry, line.effects)) !== line.hash)
      return failed(`entry ${id ?? '?'} (seq ${at}) was altered: its hash no longer matches it`, at, id);
    if (seq === 0 && keyLinesBefore > 0) {
      // The first entry binds the key lines before it, unless it was written before that binding
      // (then it chains from the genesis hash, and they stay unbound).
      if (line.prev === genesisHash) head = genesisHash;
      else if (line.prev === head) keyLinesBound = true;
      else
        return failed(
          `the key lines before entry ${id ?? '?'} (seq ${at}) are not the ones it binds: one was altered, added or removed`,
          at,
          id,
        );
    }
    if (line.prev !== head || at !== seq + 1)
      return failed(
        at > seq + 1
          ? `entries seq ${seq + 1}${at - 1 > seq + 1 ? `–${at - 1}` : ''} were removed before ${id ?? '?'}`
          : `entry ${id ?? '?'} (seq ${at}) does not follow seq ${seq}: an entry before it was removed or altered`,
        seq + 1,
        id,
      );
    const problem = signatures ? signatureProblem(line, at, signatures, signed) : null;
    if (problem !== null) return failed(`entry ${id ?? '?'} (seq ${at}) ${problem}`, at, id);
    head = String(line.hash);
    seq = at;
    if (signatures && line.sig !== undefined) signed += 1;
  }
  // With no entry yet, the head is the genesis hash: key lines alone have nothing to bind them.
  return {
    ok: true,
    entries: seq,
    head: seq === 0 ? genesisHash : head,
    signed,
    keyLinesBefore,
    keyLinesBound,
  };
}
