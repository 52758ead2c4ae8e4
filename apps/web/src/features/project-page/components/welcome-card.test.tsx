import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { WelcomeCard } from './welcome-card.tsx';

const render = (hasDocuments: boolean) =>
  renderToStaticMarkup(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <WelcomeCard projectTitle="Atlas" hasDocuments={hasDocuments} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );

describe('the welcome after sign-up (issue 42, small untruths)', () => {
  it('names attaching documents as the next step while there are none', () => {
    const html = render(false);
    expect(html).toContain('Next step:');
    expect(html).toContain('Attach documents');
  });

  it('no longer asks for documents once files or links are attached', () => {
    const html = render(true);
    expect(html).not.toContain('Next step:');
    expect(html).not.toContain('Attach documents');
    expect(html).toContain('Your documents are attached');
  });
});
