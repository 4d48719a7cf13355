// The try-it panel refuses live keys before sending, and links an answer to its log entry only by a
// well-formed Request-Id.
import { describe, expect, it } from 'vitest';
import { deadDemoKeyHint, logLinkOf, refusedKey } from '../../../src/components/try-it/key-guard.ts';

describe('refusedKey', () => {
  it.each([
    ['sk_live_abcdefghijklmnopqrstuvwx', true],
    ['  sk_live_abcdefghijklmnopqrstuvwx ', true],
    ['sk_test_CJbJg17wuIXiiXxJdc2fejlL', false],
    ['sk_stg_abcdefghijklmnopqrstuvwx', false],
    ['', false],
  ])('%j refused: %s', (key, refused) => {
    const reason = refusedKey(key);
    expect(reason !== null).toBe(refused);
    if (reason) expect(reason).toMatch(/live \(production\) key/);
  });
});

describe('logLinkOf', () => {
  it.each([
    ['req_z80LnccHwD4NSv1BpsbI4sbq', '/app/api/logs/req_z80LnccHwD4NSv1BpsbI4sbq'],
    [null, null],
    ['req_../../x', null],
    ['ord_abc', null],
  ])('%j → %j', (id, href) => {
    expect(logLinkOf(id)).toBe(href);
  });
});

describe('deadDemoKeyHint', () => {
  it.each([
    // [status, whether the demo key is left out]
    ['active', false],
    ['expiring', false],
    ['revoked', true],
    ['rotated', true],
  ])('%s: left out %s', (status, dead) => {
    const hint = deadDemoKeyHint('key_demo_sandbox', { status, title: 'Revoked on this server at …' });
    expect(hint !== null).toBe(dead);
    if (hint) expect(hint).toMatch(new RegExp(`key_demo_sandbox\\) is ${status}.*npm run keys:restore-demo`));
  });
});
