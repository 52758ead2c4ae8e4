import { readFileSync } from 'node:fs';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, expect, it, vi } from 'vitest';
import { FullPageLoader } from './full-page-loader.tsx';

/** Markup without the whitespace between tags, and each link's address left out. */
const shape = (html: string) =>
  html
    .replace(/>\s+</g, '><')
    .replace(/\s+/g, ' ')
    .replace(/href="[^"]*"/g, 'href')
    .trim();

afterEach(() => vi.unstubAllGlobals());

it("draws index.html's own loading state, so nothing moves when React takes over (ADR 0035, ADR 0037)", () => {
  vi.stubGlobal('window', { location: { pathname: '/project/daily-updates/7', search: '?tab=1' } });
  const react = renderToStaticMarkup(<FullPageLoader />);
  const page = readFileSync(new URL('../../../index.html', import.meta.url), 'utf8');
  // What index.html's #root holds: its loader, whole.
  const loader = /<div id="root">([\s\S]*?)<\/div>\s*<noscript>/.exec(page)?.[1] ?? '';
  expect(loader).toContain('dd-first-paint');
  expect(shape(react)).toBe(shape(loader));
  // Its reload link reloads this page (React renders no empty href).
  expect(react).toContain('href="/project/daily-updates/7?tab=1"');
});
