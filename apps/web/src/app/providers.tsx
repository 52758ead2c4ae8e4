import { TOAST_AUTO_CLOSE_MS } from '@dd/domain';
import { MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, useEffect, useMemo } from 'react';
import { sessionQueryKey } from '../features/auth/api/get-session.ts';
import { onUnauthorized } from '../lib/api-client.ts';
import { lazyComponent } from '../lib/lazy-component.tsx';
import { PHONE_QUERY, useMediaMatch } from '../lib/use-media-match.ts';
import { cssVariablesResolver, theme } from './theme.ts';

// The toast area's code loads beside the first screen's (main.tsx preloads it); toasts raised before it
// renders wait in the store.
export const Notifications = lazyComponent(
  () => import('@mantine/notifications'),
  (m) => m.Notifications,
);

// Every modal is full-screen on a phone (docs/product.md §F5), through Mantine's own fullScreen.
const phoneTheme = mergeThemeOverrides(theme, {
  components: {
    Modal: { defaultProps: { fullScreen: true, radius: 0, transitionProps: { transition: 'fade' } } },
  },
});

/** `queryClient` is made by main.tsx before the first render, so the first screen's data can load early. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const phone = useMediaMatch(PHONE_QUERY);
  const activeTheme = useMemo(() => (phone ? phoneTheme : theme), [phone]);

  useEffect(() => {
    // A signed-in call answering 401 means the session ended elsewhere (logout in another tab, token
    // revoked by a password change): re-check it, and the guards take the visitor to sign-in.
    onUnauthorized((path) => {
      if (path.startsWith('/authorization/')) return;
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    });
  }, [queryClient]);

  return (
    <MantineProvider
      theme={activeTheme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      <Suspense fallback={null}>
        <Notifications position="bottom-left" autoClose={TOAST_AUTO_CLOSE_MS} limit={4} zIndex={1000} />
      </Suspense>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
