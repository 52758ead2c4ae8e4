import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PhoneLink } from './phone-link.tsx';

const render = (node: ReactNode) => renderToStaticMarkup(<MantineProvider>{node}</MantineProvider>);

describe('PhoneLink (docs/product.md §F13)', () => {
  it('shows a valid number internationally, linked to its E.164 form', () => {
    const html = render(<PhoneLink phone="+14155550199" />);
    expect(html).toContain('href="tel:+14155550199"');
    expect(html).toContain('+1 415 555 0199');
  });

  it('shows a stored value that is no number as it was, without a tel: link', () => {
    const html = render(<PhoneLink phone="abc" />);
    expect(html).toContain('abc');
    expect(html).not.toContain('tel:');
    expect(render(<PhoneLink phone="" />)).not.toContain('<a');
  });
});
