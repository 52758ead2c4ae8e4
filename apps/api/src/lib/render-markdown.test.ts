import { describe, expect, it } from 'vitest';
import { renderMarkdownHtml } from './render-markdown.ts';

// The allow-list against every attack and the browser's renderer: scripts/markdown-parity.test.mjs.
describe('renderMarkdownHtml', () => {
  it('renders with the shared options: GitHub markdown, a line break is a break', () => {
    expect(renderMarkdownHtml('**Done**\nnext\n\n- one')).toBe(
      '<p><strong>Done</strong><br />next</p>\n<ul>\n<li>one</li>\n</ul>\n',
    );
  });

  it('removes scripts, handlers and javascript: links, and opens links in a new tab without an opener', () => {
    expect(
      renderMarkdownHtml(
        'Hi <script>alert(1)</script><img src=x onerror="alert(2)"> [x](javascript:alert(3))',
      ),
    ).toBe('<p>Hi  <a target="_blank" rel="noopener noreferrer">x</a></p>\n');
    expect(renderMarkdownHtml('<a href="https://e.com" target="_self" rel="opener">e</a>')).toBe(
      '<p><a href="https://e.com" target="_blank" rel="noopener noreferrer">e</a></p>\n',
    );
  });

  it('gives the same answer for a text it has rendered before', () => {
    const text = `a text of its own ${Math.random()}`;
    const first = renderMarkdownHtml(text);
    expect(renderMarkdownHtml(text)).toBe(first);
    expect(renderMarkdownHtml(`${text} *changed*`)).toBe(`<p>${text} <em>changed</em></p>\n`);
  });
});
