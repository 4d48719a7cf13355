// Which console pages are prerendered: every one when building, none per request, except the live
// pages (the request log and an issued key's page), which are always rendered per request.
import { describe, expect, it } from 'vitest';
import { isPrerendered } from '../../src/node/render-mode.ts';

describe('isPrerendered', () => {
  it.each([
    ['src/pages/app/api/index.astro', 'build', true],
    ['src/pages/app/api/keys.astro', 'build', true],
    ['src/pages/app/api/keys/[key_id].astro', 'build', true],
    ['src/pages/app/api/logs.astro', 'build', false],
    ['src/pages/app/api/logs/[request_id].astro', 'build', false],
    ['src/pages/app/api/keys/[...issued].astro', 'build', false],
    // a key's live status, as JSON for Try it
    ['src/pages/app/api/keys/lifecycle/[key_id].json.ts', 'build', false],
    // a page whose name only starts like a live one is not live
    ['src/pages/app/api/logsheet.astro', 'build', true],
    ['src/pages/app/api/index.astro', 'request', false],
    ['src/pages/app/api/logs.astro', 'request', false],
  ] as const)('%s under %s: %s', (component, mode, prerendered) => {
    expect(isPrerendered(component, mode)).toBe(prerendered);
  });
});
