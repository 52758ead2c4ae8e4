import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSessionQuery } from '../features/auth/api/get-session.ts';
import { appConfigQueryOptions } from '../lib/app-config.ts';
import { FullPageLoader } from './shell/full-page-loader.tsx';

/**
 * Authorize first (client spec §2): nothing but the spinner renders until GET /authorization/check
 * has said who this is. App settings load alongside and never block on failure.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const session = useSessionQuery();
  const config = useQuery(appConfigQueryOptions());

  if (session.isPending || config.isPending) return <FullPageLoader />;

  if (session.isError) {
    return (
      <Center mih="100dvh" p="md">
        <Stack align="center" gap="sm" maw={420} ta="center" component="main">
          <Title order={1} size="h3">
            Delivery Desk is not reachable
          </Title>
          <Text c="dimmed">
            We could not check your session. Please check your connection and try again; if it keeps
            happening, contact support.
          </Text>
          <Button onClick={() => session.refetch()} loading={session.isFetching}>
            Try again
          </Button>
        </Stack>
      </Center>
    );
  }

  return children;
}
