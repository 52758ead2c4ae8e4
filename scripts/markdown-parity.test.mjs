// One way of rendering markdown (docs/adr/0034): the server's renderer (marked + sanitize-html, the project
// page's updates and deliveries, mail) and the browser's (marked + DOMPurify, chat, task descriptions) give
// the same document for the same text, and neither lets anything outside packages/domain/src/markdown.ts's
// allow-list through. Here because it imports both apps; each app's own test covers its renderer alone.
import {
  MARKDOWN_ALLOWED_ATTRIBUTES,
  MARKDOWN_ALLOWED_TAGS,
  MARKDOWN_LINK_ATTRIBUTES,
  MARKDOWN_URL_SCHEMES,
} from '@dd/domain';
import { MARKDOWN_XSS_PAYLOADS } from '@dd/domain/xss-payloads';
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { renderMarkdownHtml } from '../apps/api/src/lib/render-markdown.ts';
import { renderMarkdown } from '../apps/web/src/lib/render-markdown.ts';

const { window } = new JSDOM('');
const purifier = createDOMPurify(window);

/** The HTML as the browser will hold it: parsed, then written back (`<br />` and `<br>` are one element). */
function parse(html) {
  const template = window.document.createElement('template');
  template.innerHTML = html;
  return template.content;
}
const normal = (html) => {
  const holder = window.document.createElement('div');
  holder.append(parse(html).cloneNode(true));
  return holder.innerHTML;
};

/** Texts as people write them: every construct marked produces, links of each kind, entities. */
const TEXTS = [
  '**Kick-off done.** We agreed on the first milestone.',
  'Set up CI and the staging environment.\n\n- builds on every push\n- preview links',
  'line one\nline two',
  'He said "hi" & it\'s <fine>; 5 > 3',
  '_em_ *em* __strong__ ~~gone~~ `code <b>` ***both***',
  '[spec](https://example.com/spec "The spec") and <https://example.com/x?y=1&z=2>',
  'see https://auto.link/path?a=1&b=2 and www.example.com',
  '[mail](mailto:team@example.com) [path](/project/1) [part](#notes) [page](notes.html)',
  '1. one\n2. two',
  '3. three\n4. four',
  '- a\n  - nested\n- b\n\n* star',
  '- [x] done\n- [ ] to do',
  '| left | centre | right |\n|:--|:-:|--:|\n| 1 | 2 | 3 |',
  '```js\nconst a = 1 < 2 && "x";\n```\n\n    indented code',
  '> quoted\n> > twice\n\n---\n\n# H1\n## H2\n### H3\n#### H4\n##### H5\n###### H6\n\nSetext\n===',
  'a&nbsp;b &copy; &#169; Ünïcödé — “quotes” 😀',
  '<b>bold</b> <i>it</i> <s>s</s> <del>d</del> <span style="color:red">red</span> <div>div</div>',
  '<p title="t" class="c" id="i">p</p> <a href="https://x.y" onclick="x()" target="_self" rel="opener">a</a>',
  '![an image](https://example.com/x.png "title") after',
  '<table><tr><td colspan="2" align="right">c</td></tr></table>',
  '<details><summary>s</summary>hidden</details> <kbd>K</kbd> <sup>2</sup>',
  'trailing two spaces  \nbreak',
  '\\*not em\\* and a_b_c',
];

const SCHEME = /^([a-z][a-z\d.+-]*):/i;
/** Every element and attribute the allow-list permits, every link with an allowed scheme or none. */
function allowedOnly(html) {
  const problems = [];
  for (const el of parse(html).querySelectorAll('*')) {
    const tag = el.localName;
    if (!MARKDOWN_ALLOWED_TAGS.includes(tag)) problems.push(`<${tag}>`);
    const permitted = [
      ...(MARKDOWN_ALLOWED_ATTRIBUTES[tag] ?? []),
      ...(tag === 'a' ? Object.keys(MARKDOWN_LINK_ATTRIBUTES) : []),
    ];
    for (const { name, value } of el.attributes) {
      if (!permitted.includes(name)) problems.push(`${tag}[${name}]`);
      if (name === 'href') {
        const bare = value.replace(/[\s\p{Cc}]/gu, '');
        const scheme = bare.match(SCHEME)?.[1]?.toLowerCase();
        if (scheme ? !MARKDOWN_URL_SCHEMES.includes(scheme) : /^[/\\]{2}/.test(bare))
          problems.push(`href=${value}`);
      }
    }
    if (tag === 'a') {
      for (const [name, value] of Object.entries(MARKDOWN_LINK_ATTRIBUTES))
        if (el.getAttribute(name) !== value) problems.push(`a without ${name}="${value}"`);
    }
  }
  return problems;
}

describe('markdown: the server and the browser render alike', () => {
  it.each(TEXTS)('%j gives the same document on both sides', (text) => {
    const server = renderMarkdownHtml(text);
    expect(server.length).toBeGreaterThan(0);
    expect(normal(server)).toBe(normal(renderMarkdown(text, purifier)));
  });

  it('keeps what people write', () => {
    const html = TEXTS.map((text) => normal(renderMarkdownHtml(text))).join('\n');
    for (const part of [
      '<strong>Kick-off done.</strong>',
      '<li>builds on every push</li>',
      'line one<br>line two',
      'He said "hi" &amp; it\'s',
      '<del>gone</del>',
      '<code>code &lt;b&gt;</code>',
      '<a href="https://example.com/spec" title="The spec" target="_blank" rel="noopener noreferrer">spec</a>',
      '<a href="mailto:team@example.com" target="_blank" rel="noopener noreferrer">mail</a>',
      '<a href="/project/1" target="_blank" rel="noopener noreferrer">path</a>',
      '<ol start="3">',
      '<th align="center">centre</th>',
      '<pre><code>const a = 1 &lt; 2 &amp;&amp; "x";',
      '<h6>H6</h6>',
      '<blockquote>',
      'Ünïcödé — “quotes” 😀',
    ])
      expect(html, part).toContain(part);
  });

  it.each([...TEXTS, ...MARKDOWN_XSS_PAYLOADS])('%j: only allowed elements, attributes and links', (text) => {
    expect(allowedOnly(renderMarkdownHtml(text))).toEqual([]);
    expect(allowedOnly(renderMarkdown(text, purifier))).toEqual([]);
  });

  it.each(MARKDOWN_XSS_PAYLOADS)(
    '%j leaves no active element, even as markup the parser may mend',
    (payload) => {
      // A `<` of the text is written `&lt;`: any of these is an element, whatever the DOM makes of it.
      for (const html of [renderMarkdownHtml(payload), renderMarkdown(payload, purifier)])
        expect(html).not.toMatch(
          /<(script|style|iframe|svg|math|img|form|object|noscript|details|button)\b/i,
        );
    },
  );
});
