import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';
import { marked } from 'marked';

/**
 * Update text is markdown (docs/product.md §C9). It is rendered to HTML with marked and then sanitized with
 * DOMPurify, so no script, event handler or javascript: URL from an update ever runs. Links open in a
 * new tab without access to this window.
 */
export function renderMarkdown(markdown: string, purifier: Purifier = DOMPurify): string {
  const html = marked.parse(markdown, { async: false, gfm: true, breaks: true });
  const clean = purifier.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe'],
    FORBID_ATTR: ['style'],
  });
  // Without a DOM DOMPurify cannot sanitize and hands back its input: never show that.
  if (!purifier.isSupported) return '';
  return clean.replace(/<a /g, '<a target="_blank" rel="noopener noreferrer" ');
}
