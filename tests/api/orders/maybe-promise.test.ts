// isPending: what callers await, and what they take as it is.
import { describe, expect, it } from 'vitest';
import { isPending } from '../../../src/api/orders/maybe-promise.ts';

describe('isPending', () => {
  it('is true of a promise and of any thenable (a store may use another promise library)', () => {
    expect(isPending(Promise.resolve(1))).toBe(true);
    const thenable: PromiseLike<number> = { then: (done) => Promise.resolve(1).then(done) };
    expect(isPending(thenable)).toBe(true);
  });

  it('is false of values that are already there, falsy ones included', () => {
    for (const value of [false, true, 0, '', null, undefined, { kind: 'body' }, { then: 'not a function' }])
      expect(isPending(value)).toBe(false);
  });
});
