import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/**
 * An update's markdown as mail HTML (docs/product.md §F2), the server's twin of apps/web/src/lib/render-markdown.ts:
 * marked renders, sanitize-html keeps an allow-list of plain formatting tags and http(s)/mailto links,
 * so no script, style, event handler, form, image beacon or javascript: URL reaches a mailbox.
 */
export function renderUpdateHtml(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true, breaks: true });
  return sanitizeHtml(html, {
    allowedTags: [
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
    ],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowProtocolRelative: false,
    transformTags: {
      a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
    },
  });
}

/**
 * The same update for the mail's text/plain part: the markdown source, which reads fine as it is, with
 * every HTML tag taken out (text/plain is inert, but a pasted <script> is noise to a reader).
 */
export const renderUpdateText = (markdown: string) =>
  sanitizeHtml(markdown, {
    allowedTags: [],
    allowedAttributes: {},
    parser: { decodeEntities: false },
  }).trim();
