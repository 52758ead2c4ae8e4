import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useDeferredValue, useEffect, useState } from 'react';
import { useSessionQuery } from '../features/auth/api/get-session.ts';
import { appConfigQueryOptions } from '../lib/app-config.ts';
import { holdReadsForFirstScreen, useReleaseReadsAfterPaint } from '../lib/first-paint.ts';
import { FullPageLoader } from './shell/full-page-loader.tsx';

/**
 * Authorize first (docs/product.md §C2): nothing but the spinner renders until GET /authorization/check
 * has said who this is. App settings load alongside and never block on failure.
 */
export function SessionGate({
  children,
  firstScreenCode,
}: {
  children: ReactNode;
  /** Settles when the first screen's code has loaded (router.tsx startFirstScreen). */
  firstScreenCode?: Promise<unknown>;
}) {
  const session = useSessionQuery();
  const config = useQuery(appConfigQueryOptions());
  const [codeLoaded, setCodeLoaded] = useState(firstScreenCode === undefined);
  useEffect(() => {
    let current = true;
    void firstScreenCode?.finally(() => current && setCodeLoaded(true));
    return () => {
      current = false;
    };
  }, [firstScreenCode]);
  // The first screen's code too: rendered before it is in, the screen would suspend, and React reveals
  // content that replaced a fallback no sooner than 300 ms after the fallback appeared.
  const loading = session.isPending || config.isPending || !codeLoaded;
  // The app's first render (shell and first screen) runs as deferred, time-sliced work once both answers
  // are in, rather than as one long main-thread task (Lighthouse total blocking time, docs/product.md §D8).
  const appReady = useDeferredValue(!loading);
  // The first screen's other reads go out once it has painted (docs/adr/0040). Only on a page load: the
  // gate's answers are in, and the deferred render of the first screen comes next.
  useEffect(() => {
    if (!loading && firstScreenCode) holdReadsForFirstScreen();
  }, [loading, firstScreenCode]);
  useReleaseReadsAfterPaint(appReady);

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
