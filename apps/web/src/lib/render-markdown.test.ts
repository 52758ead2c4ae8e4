import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './render-markdown.ts';

const purifier = createDOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis);

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

  it('opens links in a new tab without an opener', () => {
    expect(renderMarkdown('[spec](https://example.com)', purifier)).toContain(
      '<a target="_blank" rel="noopener noreferrer" href="https://example.com">spec</a>',
    );
  });

  it('shows nothing when no DOM is there to sanitize with', () => {
    const noDom = { isSupported: false, sanitize: (s: string) => s } as unknown as typeof purifier;
    expect(renderMarkdown('<script>alert(1)</script>', noDom)).toBe('');
  });
});
