import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AvatarAndRoleExtras, RoleSelect } from './role-extras-fields.tsx';

const render = (node: ReactNode) =>
  renderToStaticMarkup(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>{node}</QueryClientProvider>
    </MantineProvider>,
  );
const noOptions = { companies: [], teams: [], techGroups: [] };

describe('the user forms’ shared fields', () => {
  it('offers only the roles the actor may give, with the chosen one shown', () => {
    const html = render(
      <RoleSelect label="Role" actorRole="admin" current={null} value="developer" onChange={() => {}} />,
    );
    expect(html).toContain('Role');
    expect(html).toContain('value="Developer"');
  });

  it('asks a client for the company, and a developer for the team and tech expertise', () => {
    const values = { avatar: '', companyId: null, teamIds: [], techIds: [] };
    const client = render(
      <AvatarAndRoleExtras values={{ ...values, role: 'client' }} setValues={() => {}} options={noOptions} />,
    );
    expect(client).toContain('Client company');
    const developer = render(
      <AvatarAndRoleExtras
        values={{ ...values, role: 'developer' }}
        setValues={() => {}}
        options={noOptions}
      />,
    );
    expect(developer).not.toContain('Client company');
    expect(developer).toContain('Tech expertise');
  });
});
