import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue } from 'react';
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
  const loading = session.isPending || config.isPending;
  // The app's first render (shell and first screen) runs as deferred, time-sliced work once both answers
  // are in, rather than as one long main-thread task (Lighthouse total blocking time, design.md §8).
  const appReady = useDeferredValue(!loading);

  if (loading) return <FullPageLoader />;

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

  if (!appReady) return <FullPageLoader />;
  return children;
}
