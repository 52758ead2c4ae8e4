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
