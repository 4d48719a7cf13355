// Verifies the management journal's hash chain: every change line's hash must cover the previous
// line's hash, its entry and its effects as stored, and seqs must follow one another; once the
// trail has begun, every line is a change line. Given the signer (the management secret), each
// signed line's signature must be its hash's, and once lines are signed every later one must be:
// the chain alone can be recomputed by whoever can write the journal, a signature cannot without
// the secret. Names the first entry that was altered, the first place entries were removed, or
// the first line written outside the trail.
import { existsSync } from 'node:fs';
import { scanLines } from '../../src/node/file-lines.ts';
import { chainText, genesisHash, type ChainSigner } from '../../src/manage/audit.ts';
import type { TextSha256 } from '../../src/manage/ledger.ts';

/** What the check found. */
export type ChainReport =
  | {
      ok: true;
      entries: number;
      head: string;
      /** How many entries carry a signature that was checked (0 when no signer was given). */
      signed: number;
    }
  | { ok: false; entries: number; problem: string; seq: number; entry_id: string | null };

type RawLine = {
  prev?: unknown;
  hash?: unknown;
  sig?: unknown;
  entry?: { id?: unknown; seq?: unknown };
  effects?: unknown;
};

/**
 * Walks the journal file's change lines in order; lines from before the trail are not part of it.
 * With `sign`, signatures are checked too.
 */
export function verifyJournal(file: string, sha256: TextSha256, sign?: ChainSigner): ChainReport {
  const lines: string[] = [];
  if (existsSync(file)) scanLines(file, (raw) => void lines.push(raw.toString('utf8')));
  return verifyLines(lines, sha256, sign);
}

/** Why a line's signature does not hold, given the signer, or null. */
function signatureProblem(line: RawLine, sign: ChainSigner, signedBefore: boolean): string | null {
  if (line.sig === undefined)
    return signedBefore ? 'is unsigned after signed entries: written without the management secret' : null;
  return line.sig === sign(String(line.hash))
    ? null
    : 'has a signature that does not match: altered, or signed with another secret';
}

/** Walks journal lines (a file's, or Postgres rows') in order; with `sign`, checks signatures. */
export function verifyLines(lines: Iterable<string>, sha256: TextSha256, sign?: ChainSigner): ChainReport {
  let head = genesisHash;
  let seq = 0;
  let signed = 0;
  let failure: ChainReport | null = null;
  for (const text of lines) {
    if (failure) break;
    if (!text.includes('"event":"change"')) {
      // Key lines from before the trail are not part of it; once it has begun, every line is.
      if (seq === 0 || text.trim() === '') continue;
      failure = {
        ok: false,
        entries: seq,
        problem: `the line after entry seq ${seq} is outside the trail: altered, or written without the management API`,
        seq: seq + 1,
        entry_id: null,
      };
      break;
    }
    let line: RawLine;
    try {
      line = JSON.parse(text) as RawLine;
    } catch {
      failure = {
        ok: false,
        entries: seq,
        problem: `the line after entry seq ${seq} is not JSON (altered or torn)`,
        seq: seq + 1,
        entry_id: null,
      };
      break;
    }
    const id = typeof line.entry?.id === 'string' ? line.entry.id : null;
    const at = typeof line.entry?.seq === 'number' ? line.entry.seq : -1;
    if (sha256(chainText(String(line.prev), line.entry, line.effects)) !== line.hash) {
      failure = {
        ok: false,
        entries: seq,
        problem: `entry ${id ?? '?'} (seq ${at}) was altered: its hash no longer matches it`,
        seq: at,
        entry_id: id,
      };
    } else if (line.prev !== head || at !== seq + 1) {
      failure = {
        ok: false,
        entries: seq,
        problem:
          at > seq + 1
            ? `entries seq ${seq + 1}${at - 1 > seq + 1 ? `–${at - 1}` : ''} were removed before ${id ?? '?'}`
            : `entry ${id ?? '?'} (seq ${at}) does not follow seq ${seq}: an entry before it was removed or altered`,
        seq: seq + 1,
        entry_id: id,
      };
    } else if (sign && signatureProblem(line, sign, signed > 0) !== null) {
      failure = {
        ok: false,
        entries: seq,
        problem: `entry ${id ?? '?'} (seq ${at}) ${signatureProblem(line, sign, signed > 0)}`,
        seq: at,
        entry_id: id,
      };
    } else {
      head = String(line.hash);
      seq = at;
      if (sign && line.sig !== undefined) signed += 1;
    }
  }
  return failure ?? { ok: true, entries: seq, head, signed };
}
