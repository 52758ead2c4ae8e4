import { LABELS } from '@dd/domain';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CompaniesTablePage } from '../../features/companies/components/companies-table-page.tsx';
import { CreateCompanyPage } from '../../features/companies/components/create-company-page.tsx';
import { IncompleteRegistrationsPage } from '../../features/incomplete-registrations/components/incomplete-registrations-page.tsx';
import { MailOutboxPage } from '../../features/mail-outbox/components/mail-outbox-page.tsx';
import { CreateProjectPage } from '../../features/projects/components/create-project-page.tsx';
import { ProjectsTablePage } from '../../features/projects/components/projects-table-page.tsx';
import { TeamsTablePage } from '../../features/teams/components/teams-table-page.tsx';
import { CreateUserPage } from '../../features/users/components/create-user-page.tsx';
import { UsersTablePage } from '../../features/users/components/users-table-page.tsx';
import { createdColumn } from './list-page.tsx';

const render = (Page: ComponentType) =>
  renderToStaticMarkup(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <Page />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );

describe('admin pages share one frame', () => {
  it.each([
    [CompaniesTablePage, LABELS.tables.companies],
    [TeamsTablePage, LABELS.tables.teams],
    [UsersTablePage, LABELS.tables.users],
    [ProjectsTablePage, LABELS.tables.projects],
    [MailOutboxPage, 'Mail outbox'],
    [IncompleteRegistrationsPage, 'Unfinished sign-ups'],
    [CreateCompanyPage, 'New Company'],
    [CreateProjectPage, 'New Project'],
    [CreateUserPage, 'New User'],
  ] as const)('%o renders its title as the one heading', (Page, title) => {
    const html = render(Page);
    expect(html.match(/<h1[^>]*>([^<]*)<\/h1>/)?.[1]).toBe(title);
    expect(html.match(/<h1/g)).toHaveLength(1);
  });

  it('shows the created column as a date and time, and nothing without one', () => {
    const column = createdColumn<{ created: string }>('Created', 991);
    expect(column).toMatchObject({ key: 'created', header: 'Created', sortField: 'created', hideAt: 991 });
    expect(column.render({ created: '' })).toBe('');
    expect(String(column.render({ created: '2026-01-02T03:04:05Z' }))).toMatch(/2026/);
  });
});
