// The supported range (docs/decisions.md, "The mocks package"): msw 2 on Node 20 or later, msw 3 on
// Node 22.12 or later; anything else is refused with a message that says what to change.
import { describe, expect, it } from 'vitest';
import { unsupportedRuntime } from '../../src/mocks/runtime.ts';

describe('unsupportedRuntime', () => {
  it.each<[string, string, number, RegExp | undefined]>([
    ['msw 2 on the oldest Node', '20.0.0', 2, undefined],
    ['msw 2 on Node 20 as it ships today', 'v20.20.2', 2, undefined],
    ['msw 2 on a current Node', '24.21.0', 2, undefined],
    ['msw 3 on the oldest Node it supports', '22.12.0', 3, undefined],
    ['msw 3 on Node 24', '24.0.0', 3, undefined],
    ['msw 3 on a later major', '26.1.0', 3, undefined],
    // msw 3 on Node 20 would fail later with "Promise.withResolvers is not a function"
    [
      'msw 3 on Node 20',
      '20.20.2',
      3,
      /msw 3 needs Node 22\.12\.0 or later; this is Node 20\.20\.2.*msw@\^2\.15\.0/,
    ],
    ['msw 3 on Node 22 before 22.12', '22.11.9', 3, /msw 3 needs Node 22\.12\.0/],
    ['any msw on Node 18', '18.20.4', 2, /needs Node 20\.0\.0 or later; this is Node 18\.20\.4/],
  ])('%s', (_name, node, msw, message) => {
    const problem = unsupportedRuntime(node, msw);
    if (message) expect(problem).toMatch(message);
    else expect(problem).toBeUndefined();
  });
});
