// Every relative link in the README and docs/ leads somewhere: the file exists, and an anchor names
// a heading of that file (GitHub's slugs). Moving a guide or renaming a heading fails here first.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown text's headings (code blocks skipped). */
function anchors(text: string): Set<string> {
  const outside = text.replace(/^```[\s\S]*?^```/gm, '');
  return new Set([...outside.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1] as string)));
}

/** The relative links of a Markdown text, code blocks and inline code skipped. */
function relativeLinks(text: string): string[] {
  const prose = text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1] as string)
    .filter((target) => !/^([a-z]+:|\/)/.test(target));
}

/** The links of one file that lead nowhere, as "target (why)". */
function brokenLinks(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return relativeLinks(text).flatMap((link) => {
    const [path = '', anchor] = link.split('#');
    const target = path === '' ? file : normalize(join(dirname(file), path));
    if (!existsSync(target)) return [`${link} (no such file)`];
    if (anchor === undefined || !target.endsWith('.md')) return [];
    const own = target === file ? text : readFileSync(target, 'utf8');
    return anchors(own).has(anchor) ? [] : [`${link} (no such heading)`];
  });
}

describe('slug', () => {
  it.each([
    ['Try it with curl (test mode)', 'try-it-with-curl-test-mode'], // brackets dropped
    ['The `orders` view', 'the-orders-view'], // code marks dropped
    ['Shared stores and workers', 'shared-stores-and-workers'],
  ])('%s → %s', (heading, expected) => expect(slug(heading)).toBe(expected));
});

describe('brokenLinks', () => {
  it('finds a missing file and a missing heading, and accepts a good link', () => {
    expect(brokenLinks('tests/docs/fixtures/links.md')).toEqual([
      'missing.md (no such file)',
      'links.md#nowhere (no such heading)',
    ]);
  });
});

const docs = ['README.md', 'packages/mocks/README.md', 'data/README.md'].concat(
  readdirSync('docs')
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
);

describe.each(docs)('%s', (file) => {
  it('has no broken relative link', () => {
    expect(brokenLinks(file)).toEqual([]);
  });
});
