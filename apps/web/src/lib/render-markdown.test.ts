import { MARKDOWN_XSS_PAYLOADS } from '@dd/domain/xss-payloads';
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './render-markdown.ts';

const { window } = new JSDOM('');
const purifier = createDOMPurify(window as unknown as Window & typeof globalThis);

/** The elements and attributes the output holds once a browser parses it. */
function parsed(html: string) {
  const template = window.document.createElement('template');
  template.innerHTML = html;
  return [...template.content.querySelectorAll('*')].map((el) => ({
    tag: el.localName,
    attributes: Object.fromEntries([...el.attributes].map((a) => [a.name, a.value])),
  }));
}

describe('renderMarkdown', () => {
  it('renders markdown', () => {
    const html = renderMarkdown('**Done** the _login_ page\n\n- one\n- two', purifier);
    expect(html).toContain('<strong>Done</strong>');
    expect(html).toContain('<em>login</em>');
    expect(html).toContain('<li>one</li>');
  });

  it('removes scripts, event handlers and javascript: links', () => {
    const html = renderMarkdown(
      'Hi <script>alert(1)</script> <img src=x onerror="alert(2)"> [x](javascript:alert(3)) <iframe src="https://e.com"></iframe>',
      purifier,
    );
    expect(html).not.toMatch(/<script|onerror|javascript:|<iframe/i);
    expect(html).toContain('Hi');
  });

  it.each(MARKDOWN_XSS_PAYLOADS)('%j: no element or attribute that could run or load anything', (payload) => {
    for (const { tag, attributes } of parsed(renderMarkdown(payload, purifier))) {
      expect(['script', 'style', 'iframe', 'img', 'svg', 'math', 'form', 'object', 'button']).not.toContain(
        tag,
      );
      for (const [name, value] of Object.entries(attributes)) {
        expect(name).not.toMatch(/^on|^src$|^style$|^action$/);
        if (name === 'href')
          expect(value.replace(/\s/g, '')).not.toMatch(/^(javascript|data|vbscript):|^\/\//i);
      }
    }
  });

  it('keeps only the shared allow-list: links with their title, list starts, table alignment', () => {
    expect(renderMarkdown('[spec](https://example.com "Spec")', purifier)).toBe(
      '<p><a href="https://example.com" title="Spec" target="_blank" rel="noopener noreferrer">spec</a></p>\n',
    );
    expect(renderMarkdown('3. three', purifier)).toContain('<ol start="3">');
    expect(renderMarkdown('| a |\n|:-:|\n| 1 |', purifier)).toContain('<th align="center">a</th>');
    expect(renderMarkdown('<p title="x" class="c">p</p>', purifier)).toBe('<p>p</p>');
    // No image: a remote one would be a read receipt in a mail, and the page's CSP would not load it.
    expect(renderMarkdown('before ![i](https://e.com/i.png) after', purifier)).toBe('<p>before  after</p>\n');
  });

  it('opens links in a new tab without an opener, whatever the text says', () => {
    expect(
      renderMarkdown('<a href="https://example.com" target="_self" rel="opener">spec</a>', purifier),
    ).toBe('<p><a href="https://example.com" target="_blank" rel="noopener noreferrer">spec</a></p>\n');
  });

  it('shows nothing when no DOM is there to sanitize with', () => {
    const noDom = { isSupported: false, sanitize: (s: string) => s } as unknown as typeof purifier;
    expect(renderMarkdown('<script>alert(1)</script>', noDom)).toBe('');
  });
});
