// Markup for the what-if previews as strings, so the server (set:html) and the browser island
// (innerHTML) render a result from the same code. Every text and attribute value is escaped.

/** Text safe inside an element or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A cell's options: a numeric column, extra attributes, or markup built with these helpers. */
export interface CellOptions {
  num?: boolean;
  attrs?: Record<string, string>;
  /** The content is markup (already escaped), not text. */
  html?: boolean;
}

/** Attributes as markup: ` name="value"` for each. */
export function attributes(record: Record<string, string>): string {
  return Object.entries(record)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');
}

/** One table cell; the first cell of a row is its header (`<th scope="row">`). */
export function cell(content: string, options: CellOptions = {}, header = false): string {
  const tag = header ? 'th' : 'td';
  const record = {
    ...(header ? { scope: 'row' } : {}),
    ...(options.num ? { class: 'num' } : {}),
    ...options.attrs,
  };
  return `<${tag}${attributes(record)}>${options.html ? content : escapeHtml(content)}</${tag}>`;
}

/** One table row from its cells (the first becomes the row header). */
export function row(cells: [string, CellOptions?][]): string {
  return `<tr>${cells.map(([content, options], i) => cell(content, options, i === 0)).join('')}</tr>`;
}

/** A link as markup. */
export function link(href: string, text: string): string {
  return `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;
}

/** JSON for a `<script type="application/json">` element: no value can close the element. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
