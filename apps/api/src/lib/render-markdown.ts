import {
  escapedPlainText,
  MARKDOWN_ALLOWED_ATTRIBUTES,
  MARKDOWN_ALLOWED_TAGS,
  MARKDOWN_LINK_ATTRIBUTES,
  MARKDOWN_OPTIONS,
  MARKDOWN_URL_SCHEMES,
} from '@dd/domain';
import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...MARKDOWN_ALLOWED_TAGS],
  allowedAttributes: {
    ...Object.fromEntries(
      Object.entries(MARKDOWN_ALLOWED_ATTRIBUTES).map(([tag, names]) => [tag, [...names]]),
    ),
    // Set by the transform below, whatever the text says.
    a: [...(MARKDOWN_ALLOWED_ATTRIBUTES.a ?? []), ...Object.keys(MARKDOWN_LINK_ATTRIBUTES)],
  },
  allowedSchemes: [...MARKDOWN_URL_SCHEMES],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { ...MARKDOWN_LINK_ATTRIBUTES }) },
};

/** Texts rendered lately: a list re-read by every viewer renders each text once (about 2 MB at most). */
const CACHE_ENTRIES = 500;
const CACHE_MAX_CHARS = 4_000;
const rendered = new Map<string, string>();

/**
 * Markdown as sanitised HTML, the server's side of packages/domain/src/markdown.ts (docs/adr/0034): marked
 * renders with the shared options, sanitize-html keeps the shared allow-list of tags, attributes and URL
 * schemes, so no script, event handler, style, form, image beacon or javascript: URL survives, and links
 * open in a new tab without an opener. The web renders the same way (apps/web/src/lib/render-markdown.ts);
 * both are held to the same documents and attacks by scripts/markdown-parity.test.mjs (the attacks:
 * `@dd/domain/xss-payloads`). Used for the project page's updates and
 * deliveries (the page shows them without loading a renderer of its own) and for mail.
 */
export function renderMarkdownHtml(markdown: string): string {
  const known = rendered.get(markdown);
  if (known !== undefined) return known;
  const html = renderOrEscape(markdown);
  if (markdown.length <= CACHE_MAX_CHARS) {
    if (rendered.size >= CACHE_ENTRIES) rendered.delete(rendered.keys().next().value as string);
    rendered.set(markdown, html);
  }
  return html;
}

/**
 * Rendering never throws (docs/product.md §C9): a text stored before the nesting limit, or one the parser
 * still cannot take, shows as escaped plain text instead of failing the list, page or mail it is in.
 */
function renderOrEscape(markdown: string): string {
  try {
    return sanitizeHtml(marked.parse(markdown, MARKDOWN_OPTIONS), SANITIZE);
  } catch {
    return escapedPlainText(markdown);
  }
}
