import {
  escapedPlainText,
  MARKDOWN_ALLOWED_ATTRIBUTES,
  MARKDOWN_ALLOWED_TAGS,
  MARKDOWN_LINK_ATTRIBUTES,
  MARKDOWN_OPTIONS,
  MARKDOWN_URL_SCHEMES,
} from '@dd/domain';
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import { marked } from 'marked';

/**
 * A URL with one of the shared schemes, or with none (a path, a fragment) but not protocol-relative: the
 * rule sanitize-html applies on the server (packages/domain/src/markdown.ts). DOMPurify tests every
 * attribute it keeps, whitespace and control characters taken out, against this.
 */
const ALLOWED_URI = new RegExp(
  `^(?:(?:${MARKDOWN_URL_SCHEMES.join('|')}):|(?![a-z][a-z\\d.+-]*:)(?![/\\\\]{2}))`,
  'i',
);
const ALLOWED_ATTR = [...new Set(Object.values(MARKDOWN_ALLOWED_ATTRIBUTES).flat())];

/** Each purifier gets the per-element attribute rule and the link attributes once. */
const prepared = new WeakSet<Purifier>();
function prepare(purifier: Purifier) {
  if (prepared.has(purifier)) return;
  prepared.add(purifier);
  purifier.addHook('uponSanitizeAttribute', (node, data) => {
    if (!MARKDOWN_ALLOWED_ATTRIBUTES[node.nodeName.toLowerCase()]?.includes(data.attrName))
      data.keepAttr = false;
  });
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName.toLowerCase() !== 'a') return;
    for (const [name, value] of Object.entries(MARKDOWN_LINK_ATTRIBUTES)) node.setAttribute(name, value);
  });
}

/**
 * Markdown (docs/product.md §C9) as HTML in the browser: marked renders and DOMPurify sanitises with the
 * options and allow-list the server uses (packages/domain/src/markdown.ts, docs/adr/0034), so no script,
 * event handler or javascript: URL ever runs and links open in a new tab without access to this window.
 * The project page's updates and deliveries come rendered by the server and do not load this module on
 * their first screen; it renders what the browser must: chat messages, task descriptions, previews.
 */
export function renderMarkdown(markdown: string, purifier: Purifier = DOMPurify): string {
  // Without a DOM DOMPurify cannot sanitize and hands back its input: never show that.
  if (!purifier.isSupported) return '';
  prepare(purifier);
  let html: string;
  try {
    html = marked.parse(markdown, MARKDOWN_OPTIONS);
  } catch {
    // A text stored before the nesting limit (docs/product.md §C9) shows as escaped plain text, not a blank page.
    return escapedPlainText(markdown);
  }
  return purifier.sanitize(html, {
    ALLOWED_TAGS: [...MARKDOWN_ALLOWED_TAGS],
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: ALLOWED_URI,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    // sanitize-html drops these elements' text too (its nonTextTags).
    ADD_FORBID_CONTENTS: ['textarea', 'option'],
  });
}
