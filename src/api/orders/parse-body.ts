// A request body as JSON: UTF-8, then JSON.parse, then no repeated member names (I-JSON, RFC 7493:
// JSON.parse would keep the last silently). A failure says where: the line and column where the
// text breaks, or the pointer of the member that repeats.
import type { CreateOrder } from './contract.ts';
import { colonCount, lineAndColumn, scanJson } from './json-scan.ts';
import { isWellFormedOrder } from './validation.ts';

/** A parsed body (and the order it is, when it is a well-formed one), or what is wrong with it. */
export type ParsedBody =
  | { kind: 'value'; value: unknown; order: CreateOrder | null }
  | { kind: 'problem'; pointer: string; code: string; detail: string };

const decoder = new TextDecoder('utf-8', { fatal: true });

const problem = (pointer: string, code: string, detail: string): ParsedBody => ({
  kind: 'problem',
  pointer,
  code,
  detail,
});

/** Parses a body; its problems are `malformed-json` ones. */
export function parseBody(bytes: Uint8Array): ParsedBody {
  let text: string;
  try {
    text = decoder.decode(bytes);
  } catch {
    return problem('', 'invalid_utf8', 'The body is not valid UTF-8');
  }
  if (text.trim() === '') return problem('', 'empty_body', 'The body is empty; send a JSON object');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const { error } = scanJson(text);
    const { line, column } = lineAndColumn(text, error?.offset ?? text.length);
    const reason = error?.reason ?? 'it cannot be read';
    return problem(
      '',
      'invalid_json',
      `The body is not valid JSON: ${reason}, at line ${line}, column ${column}`,
    );
  }
  const order = isWellFormedOrder(value) ? value : null;
  // Every member has its ":"; as few as a well-formed order's members means none repeats, and any
  // other body (rare: an error, or members in another order) is scanned.
  const members = order === null ? 0 : 2 + 2 * order.lines.length;
  if (colonCount(text) > members) {
    const { duplicate } = scanJson(text);
    if (duplicate !== null) {
      const detail = `The member "${duplicate.name}" appears twice in one object; I-JSON (RFC 7493) forbids it`;
      return problem(duplicate.pointer, 'duplicate_member', detail);
    }
  }
  return { kind: 'value', value, order };
}
