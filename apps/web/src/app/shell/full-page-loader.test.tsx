import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import { FullPageLoader } from './full-page-loader.tsx';

/** Markup without the whitespace between tags. */
const shape = (html: string) => html.replace(/>\s+</g, '><').replace(/\s+/g, ' ').trim();

it("draws index.html's own loading state, so nothing moves when React takes over (ADR 0035, ADR 0037)", () => {
  const react = renderToStaticMarkup(<FullPageLoader />);
  const page = readFileSync(new URL('../../../index.html', import.meta.url), 'utf8');
  // What index.html's #root holds: its loader, whole.
  const loader = /<div id="root">([\s\S]*?)<\/div>\s*<noscript>/.exec(page)?.[1] ?? '';
  expect(loader).toContain('dd-first-paint');
  // The same reload link too: an empty address is this page's.
  expect(shape(react)).toBe(shape(loader));
});
