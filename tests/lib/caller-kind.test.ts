// The one User-Agent classifier: the simulator's agents land in the kind they were drawn for.
import { describe, expect, it } from 'vitest';
import { callerKindOf } from '../../src/lib/caller-kind.ts';
import { userAgents } from '../../simulator/traffic/user-agents.ts';

describe('callerKindOf', () => {
  const simulated = (['human', 'automation', 'assistant'] as const).flatMap((kind) =>
    userAgents[kind].map(([ua]) => [kind, ua] as const),
  );

  it.each(simulated)('classifies the simulator’s %s agent %s', (kind, ua) => {
    expect(callerKindOf(ua)).toBe(kind);
  });

  it.each([
    // no agent at all: a script
    [undefined, 'automation'],
    ['', 'automation'],
    // a search engine is a bot, not an assistant
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'automation'],
    // headless browsers drive tests, not people
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      'automation',
    ],
    ['node', 'automation'],
    ['Mozilla/5.0 (compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot)', 'assistant'],
  ])('classifies %j as %s', (ua, kind) => {
    expect(callerKindOf(ua)).toBe(kind);
  });

  it('answers the same for a repeated agent (cached) and for many distinct ones', () => {
    for (let i = 0; i < 2000; i++) expect(callerKindOf(`script-${i}/1.0`)).toBe('automation');
    expect(callerKindOf('curl/8.11.0')).toBe('automation');
    expect(callerKindOf('curl/8.11.0')).toBe('automation');
  });
});
