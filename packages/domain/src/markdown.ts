/**
 * How markdown (updates, task descriptions, chat messages, docs/product.md §C9) becomes HTML, declared once
 * for both renderers: the API's (marked + sanitize-html, apps/api/src/lib/render-markdown.ts: the project
 * page's first screen and the digest mail) and the web's (marked + DOMPurify,
 * apps/web/src/lib/render-markdown.ts: whatever the browser renders itself). With the same options and the
 * same allow-list, a text looks the same whichever side rendered it (docs/adr/0034).
 * scripts/markdown-parity.test.mjs holds both sides to the same documents and runs the attacks of
 * `@dd/domain/xss-payloads` through both.
 */

/** marked's options: GitHub's flavour, a line break in the text is a line break on screen. */
export const MARKDOWN_OPTIONS = { async: false, gfm: true, breaks: true } as const;

/**
 * The only elements kept: plain formatting, lists, quotes, code, headings, tables and links. No image
 * (a remote image is a read receipt in a mail, and the page's CSP would not load it), no form, no style,
 * no embedded content; anything else is removed and its text kept.
 */
export const MARKDOWN_ALLOWED_TAGS = [
  'p',
  'br',
  'strong',
  'b',
  'em',
  'i',
  'del',
  's',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
] as const;

/** The attributes kept, per element (marked writes these); every other attribute is removed. */
export const MARKDOWN_ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'title'],
  ol: ['start'],
  th: ['align'],
  td: ['align'],
};

/**
 * The URL schemes a link may have. A link without a scheme (`/path`, `#part`) is kept; a protocol-relative
 * one (`//host`) is removed, as is any other scheme (javascript:, data:, vbscript:…).
 */
export const MARKDOWN_URL_SCHEMES = ['http', 'https', 'mailto'] as const;

/** Every link opens in a new tab, without access to the page that opened it. */
export const MARKDOWN_LINK_ATTRIBUTES = { target: '_blank', rel: 'noopener noreferrer' } as const;

/**
 * How deeply a text may nest quotes and lists (docs/product.md §C9). marked parses nested blocks by
 * recursion and runs out of stack from about 1,200 levels (`* ` × 1,183, `>` × 1,875, issue 41); no real
 * update, task or message nests more than a handful, so 50 leaves room and fails nothing written by hand.
 */
export const MARKDOWN_NESTING_MAX = 50;
export const MARKDOWN_NESTING_MESSAGE = `Quotes and lists may be nested at most ${MARKDOWN_NESTING_MAX} levels deep.`;

/**
 * The deepest nesting of quote (`>`) and list markers (`*`, `-`, `+`, `1.`, `1)`) that open any one line:
 * each opens one more block inside the one before. Counted without a parser, so it cannot overflow itself.
 */
export function markdownNestingDepth(markdown: string): number {
  let deepest = 0;
  for (const line of markdown.split('\n')) {
    let depth = 0;
    let i = 0;
    for (;;) {
      while (line[i] === ' ' || line[i] === '\t') i++;
      const c = line[i];
      if (c === '>') {
        i++;
      } else if ((c === '*' || c === '-' || c === '+') && (line[i + 1] === ' ' || line[i + 1] === '\t')) {
        i += 2;
      } else if (c !== undefined && c >= '0' && c <= '9') {
        let j = i;
        while (line[j] !== undefined && (line[j] as string) >= '0' && (line[j] as string) <= '9') j++;
        if ((line[j] === '.' || line[j] === ')') && (line[j + 1] === ' ' || line[j + 1] === '\t')) i = j + 2;
        else break;
      } else break;
      depth++;
    }
    if (depth > deepest) deepest = depth;
  }
  return deepest;
}

/** Whether a text nests no deeper than renderers can take: the check of every markdown field when saved. */
export function markdownNestingOk(markdown: string): boolean {
  return markdownNestingDepth(markdown) <= MARKDOWN_NESTING_MAX;
}

/** The text as it was written, escaped, each line break kept: what cannot be rendered is still readable
 * (both renderers' fallback when marked throws). */
export function escapedPlainText(markdown: string): string {
  const escaped = markdown
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
  return `<p>${escaped.replaceAll('\n', '<br>')}</p>`;
}
