// Why a page's dark variant needs only axe-core's colour rules: the console's dark scheme changes
// colour tokens and nothing else, so every other rule sees the same DOM and layout in both schemes.
// `darkSchemeChanges` proves that for a loaded page; `axeColourRules` names the rules that remain.
import type { Browser, Page } from 'playwright-core';
import { axeSource } from './console-helpers.ts';

/**
 * What the dark scheme changes on this page besides colours (empty when it changes colours only):
 * every rule under `@media (prefers-color-scheme: dark)` may set custom properties only, and each
 * property set there (or derived from one) may be read only by colour, background, border,
 * outline, shadow, fill or stroke declarations, in stylesheets and style attributes alike.
 */
export function darkSchemeChanges(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const tokens = new Set<string>();
    const styleRules: CSSStyleRule[] = [];
    const walk = (rules: CSSRuleList, dark: boolean) => {
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule) {
          styleRules.push(rule);
          if (dark)
            for (const property of rule.style) {
              if (property.startsWith('--')) tokens.add(property);
              else problems.push(`dark scheme sets ${property} on ${rule.selectorText}`);
            }
          walk(rule.cssRules, dark);
        } else if (rule instanceof CSSGroupingRule) {
          const scheme = rule instanceof CSSMediaRule && /prefers-color-scheme/.test(rule.conditionText);
          walk(rule.cssRules, dark || scheme);
        } else if (dark) problems.push(`dark scheme has ${rule.cssText.slice(0, 60)}`);
      }
    };
    for (const sheet of document.styleSheets) walk(sheet.cssRules, false);
    const declarations: [string, string][] = [];
    const read = (text: string) => {
      for (const [, property = '', value = ''] of text.matchAll(/([-\w]+)\s*:\s*([^;{}]*)/g))
        declarations.push([property, value]);
    };
    for (const rule of styleRules) read(rule.style.cssText);
    for (const el of document.querySelectorAll('[style]')) read(el.getAttribute('style') ?? '');
    const reads = (value: string) =>
      [...value.matchAll(/var\(\s*(--[-\w]+)/g)].some(([, name]) => tokens.has(name ?? ''));
    // a custom property defined from a dark token is itself a dark token
    for (let grown = true; grown;) {
      grown = false;
      for (const [property, value] of declarations)
        if (property.startsWith('--') && !tokens.has(property) && reads(value)) {
          tokens.add(property);
          grown = true;
        }
    }
    const colourOnly =
      /^(--.*|color|accent-color|caret-color|background(-color|-image)?|border(-(top|right|bottom|left|block|inline)(-(start|end))?)?(-color)?|outline(-color)?|box-shadow|text-shadow|text-decoration-color|fill|stroke|column-rule-color)$/;
    for (const [property, value] of declarations)
      if (reads(value) && !colourOnly.test(property))
        problems.push(`${property}: ${value} reads a dark-scheme token`);
    return [...new Set(problems)];
  });
}

/**
 * The rules a default axe-core run runs that axe tags `cat.color` (their outcome depends on colours),
 * read from axe itself on a blank page.
 */
export async function axeColourRules(browser: Browser): Promise<string[]> {
  const page = await browser.newPage();
  try {
    await page.setContent('<!doctype html><html lang="en"><title>t</title><main><p>t</p></main></html>');
    await page.addScriptTag({ path: axeSource });
    return await page.evaluate(async () => {
      interface Rule {
        id: string;
        tags: string[];
      }
      type Result = Record<'violations' | 'passes' | 'incomplete' | 'inapplicable', Rule[]>;
      const axe = (window as unknown as { axe: { run(): Promise<Result> } }).axe;
      const result = await axe.run();
      const ran = [...result.violations, ...result.passes, ...result.incomplete, ...result.inapplicable];
      return ran.filter((rule) => rule.tags.includes('cat.color')).map((rule) => rule.id);
    });
  } finally {
    await page.close();
  }
}
