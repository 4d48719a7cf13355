// An exact JSON (RFC 8259) scanner for the cases JSON.parse does not explain: where a malformed
// body breaks (V8's messages do not always say), and which member name repeats (I-JSON, RFC 7493,
// forbids repeats; JSON.parse keeps the last silently). Iterative, so no nesting depth overflows
// the stack. Only error paths and suspected repeats run it, never the common request.
import { pointerOf } from './validation.ts';

/** What a scan found: the first syntax error (offset in the text), and the first repeated member. */
export interface JsonScan {
  error: { offset: number; reason: string } | null;
  /** The first member whose name its object already had, and its RFC 6901 pointer. */
  duplicate: { pointer: string; name: string } | null;
}

/** An open object or array: where it sits (its parent and its key there) and where it is up to. */
type Frame = { parent: Frame | undefined; at: string | number | undefined } & (
  { kind: 'object'; names: Set<string>; name: string } | { kind: 'array'; index: number }
);

/** The path of a member or element of `frame` (walked up only when asked: deep bodies stay linear). */
function pathOf(frame: Frame, key: string | number): (string | number)[] {
  const path = [key];
  for (let f: Frame | undefined = frame; f?.at !== undefined; f = f.parent) path.unshift(f.at);
  return path;
}

const isDigit = (c: string) => c >= '0' && c <= '9' && c !== '';

/** Scans `text` as one JSON value. */
export function scanJson(text: string): JsonScan {
  const stack: Frame[] = [];
  let i = 0;
  let duplicate: JsonScan['duplicate'] = null;
  const fail = (reason: string): JsonScan => ({
    error: { offset: i, reason: i >= text.length ? `the body ends too early (${reason})` : reason },
    duplicate,
  });
  const skipSpace = () => {
    for (let c = text.charCodeAt(i); c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;)
      c = text.charCodeAt(++i);
  };
  /** Moves past a string starting at i; a reason when it is malformed. */
  const skipString = (): string | null => {
    for (i++; i < text.length;) {
      const c = text.charCodeAt(i);
      if (c === 0x22) return (i++, null);
      if (c < 0x20) return 'a control character inside a string must be escaped';
      if (c !== 0x5c) i++;
      else if ('"\\/bfnrt'.includes(text.charAt(i + 1)) && i + 1 < text.length) i += 2;
      else if (text.charAt(i + 1) === 'u') {
        // Where V8 points: the first of the four that is not a hex digit.
        const digits = /^[0-9A-Fa-f]{0,4}/.exec(text.slice(i + 2, i + 6))?.[0].length ?? 0;
        if (digits < 4) return ((i += 2 + digits), 'an invalid \\u escape in a string');
        i += 6;
      } else return (i++, 'an invalid escape in a string');
    }
    return 'a string is not closed';
  };
  /** Reads a member name and its ":" into the object on top of the stack. */
  const memberName = (frame: Frame & { kind: 'object' }): string | null => {
    skipSpace();
    if (text.charAt(i) !== '"') return 'expected a member name in double quotes';
    const start = i;
    const bad = skipString();
    if (bad) return bad;
    const name = JSON.parse(text.slice(start, i)) as string;
    if (frame.names.has(name)) duplicate ??= { pointer: pointerOf(pathOf(frame, name)), name };
    frame.names.add(name);
    frame.name = name;
    skipSpace();
    if (text.charAt(i) !== ':') return 'expected ":" after a member name';
    i++;
    return null;
  };
  /** The key, in the open container, of the value starting at i. */
  const here = (): string | number | undefined => {
    const top = stack.at(-1);
    return top === undefined ? undefined : top.kind === 'object' ? top.name : top.index;
  };
  /** Moves past a number at i (RFC 8259 §6), stopping where it breaks. */
  const skipNumber = (): string | null => {
    if (text.charAt(i) === '-') i++;
    if (text.charAt(i) === '0') i++;
    else if (!skipDigits()) return 'a number needs a digit';
    if (text.charAt(i) === '.' && (i++, !skipDigits())) return 'a fraction needs a digit';
    const e = text.charAt(i);
    if (e === 'e' || e === 'E') {
      i++;
      if (text.charAt(i) === '+' || text.charAt(i) === '-') i++;
      if (!skipDigits()) return 'an exponent needs a digit';
    }
    return null;
  };
  const skipDigits = (): boolean => {
    const start = i;
    while (isDigit(text.charAt(i))) i++;
    return i > start;
  };
  /** Moves past a string, number, true, false or null at i. */
  const scalar = (): string | null => {
    const c = text.charAt(i);
    if (c === '"') return skipString();
    if (c === '-' || isDigit(c)) return skipNumber();
    const literal = c === 't' ? 'true' : c === 'f' ? 'false' : c === 'n' ? 'null' : '';
    if (literal === '')
      return c === '' ? 'expected a value' : `unexpected ${JSON.stringify(c)} where a value should start`;
    for (const expected of literal) {
      if (text.charAt(i) !== expected) return `expected ${literal}`;
      i++;
    }
    return null;
  };

  for (;;) {
    skipSpace();
    const open = text.charAt(i);
    if (open === '{' || open === '[') {
      const place = { parent: stack.at(-1), at: here() };
      i++;
      skipSpace();
      if (text.charAt(i) !== (open === '{' ? '}' : ']')) {
        const frame: Frame =
          open === '{'
            ? { ...place, kind: 'object', names: new Set(), name: '' }
            : { ...place, kind: 'array', index: 0 };
        stack.push(frame);
        const bad = frame.kind === 'object' ? memberName(frame) : null;
        if (bad) return fail(bad);
        continue;
      }
      i++;
    } else {
      const bad = scalar();
      if (bad) return fail(bad);
    }
    // A value ended: close what it ends, or go on to the next element.
    for (;;) {
      skipSpace();
      const top = stack.at(-1);
      if (!top)
        return i < text.length ? fail('unexpected text after the JSON value') : { error: null, duplicate };
      const close = top.kind === 'object' ? '}' : ']';
      const next = text.charAt(i);
      if (next === close) {
        i++;
        stack.pop();
        continue;
      }
      if (next !== ',') return fail(`expected "," or "${close}"`);
      i++;
      if (top.kind === 'array') top.index++;
      else {
        const bad = memberName(top);
        if (bad) return fail(bad);
      }
      break;
    }
  }
}

/** 1-based line and column (in UTF-16 code units) of an offset in a text. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < offset; at = text.indexOf('\n', at + 1)) {
    line++;
    lineStart = at + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/** How many ":" a text holds: at least one per member, so a count as low as the members proves none repeats. */
export function colonCount(text: string): number {
  let count = 0;
  for (let at = text.indexOf(':'); at !== -1; at = text.indexOf(':', at + 1)) count++;
  return count;
}
