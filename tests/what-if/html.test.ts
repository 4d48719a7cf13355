// The what-if markup helpers: every text and attribute value is escaped, since consumer and key
// names reach innerHTML in the browser.
import { describe, expect, it } from 'vitest';
import { cell, escapeHtml, link, row, scriptJson } from '../../src/what-if/html.ts';

describe('escapeHtml', () => {
  it.each([
    ['Hills & Little', 'Hills &amp; Little'],
    ['<img src=x onerror=alert(1)>', '&lt;img src=x onerror=alert(1)&gt;'],
    [`"quoted" and 'single'`, '&quot;quoted&quot; and &#39;single&#39;'],
  ])('%j → %j', (text, html) => expect(escapeHtml(text)).toBe(html));
});

describe('cells, rows and links', () => {
  it('makes the first cell the row header and escapes text, not markup built here', () => {
    expect(
      row([['<b>A</b>'], [link('/app/api/keys/key_x', 'a&b'), { html: true }], ['42', { num: true }]]),
    ).toBe(
      '<tr><th scope="row">&lt;b&gt;A&lt;/b&gt;</th><td><a href="/app/api/keys/key_x">a&amp;b</a></td><td class="num">42</td></tr>',
    );
  });

  it('escapes attribute values', () => {
    expect(cell('1', { attrs: { 'data-scope-consumer': 'con_"x"' } })).toBe(
      '<td data-scope-consumer="con_&quot;x&quot;">1</td>',
    );
  });
});

describe('scriptJson', () => {
  it('cannot close the script element it is embedded in', () => {
    const json = scriptJson({ name: '</script><script>alert(1)</script>' });
    expect(json).not.toContain('</script');
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>' });
  });
});
