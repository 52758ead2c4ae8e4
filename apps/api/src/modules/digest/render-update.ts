import sanitizeHtml from 'sanitize-html';

/**
 * An update's markdown for the mail's text/plain part (docs/product.md §F2); its HTML part is
 * apps/api/src/lib/render-markdown.ts, the page's renderer (docs/adr/0034): the markdown source, which reads fine as it is, with
 * every HTML tag taken out (text/plain is inert, but a pasted <script> is noise to a reader).
 */
export const renderUpdateText = (markdown: string) =>
  unescapeText(
    sanitizeHtml(markdown, {
      allowedTags: [],
      allowedAttributes: {},
      parser: { decodeEntities: false },
    }),
  ).trim();

/**
 * sanitize-html answers HTML: it escapes `&`, `<`, `>` and `"` in the text it keeps. Plain text shows
 * them as they are ("Tom & Jerry", not "Tom &amp; Jerry"); `&amp;` goes last so "&amp;lt;" stays "&lt;".
 */
const unescapeText = (html: string) =>
  html.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&amp;', '&');
