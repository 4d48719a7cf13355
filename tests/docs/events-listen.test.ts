// docs/events.md describes `npm run events:listen`, where the README points for it: every option of
// the CLI, the key it needs and the command that issues one (the flags keys:issue really takes),
// the printed secret, the per-delivery line and the cleanup on exit.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listenKeyCommand } from '../../scripts/events/forward.ts';

const root = new URL('../../', import.meta.url);
const events = readFileSync(new URL('docs/events.md', root), 'utf8');
const section = events.slice(events.indexOf('npm run events:listen'));
const listenCli = readFileSync(new URL('scripts/events/listen.ts', root), 'utf8');
const issueCli = readFileSync(new URL('scripts/keys/issue.ts', root), 'utf8');

describe('docs/events.md on events:listen', () => {
  it('has a section for it', () => {
    expect(events).toMatch(/^## .*`npm run events:listen`/m);
  });

  it('names every option of the CLI, and ESTATE_API_KEY', () => {
    const options = [...listenCli.matchAll(/^ {2}(--[a-z-]+)\s/gm)].map((m) => m[1]);
    expect(options).toEqual(['--forward-to', '--api', '--key', '--events']);
    for (const option of [...options, 'ESTATE_API_KEY']) expect(section).toContain(option);
  });

  it('says how to issue a key with webhooks:write, with flags keys:issue takes', () => {
    expect(section).toContain(listenKeyCommand);
    for (const flag of listenKeyCommand.matchAll(/--([a-z-]+)/g))
      expect(issueCli).toMatch(new RegExp(`^ {2}--${flag[1] ?? ''}\\s`, 'm'));
  });

  it('describes the printed secret, the line per delivery and the cleanup on exit', () => {
    for (const words of ['signing secret', '→ 204', 'SIGTERM', 'left registered'])
      expect(section).toContain(words);
  });
});
