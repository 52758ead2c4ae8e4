import { Box, Container, SimpleGrid, Stack, Text } from '@mantine/core';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { TestimonialCard } from '../features/testimonials/testimonial-card.tsx';
import { useAppConfig } from '../lib/app-config.ts';
import { RouteLoader } from './shell/full-page-loader.tsx';

/** The login and forgot pages move to the new dashboard when one is configured (docs/product.md §C2). */
const NEW_DASHBOARD_PATHS: Record<string, string> = {
  '/login/signin': '/login/signin',
  '/login/forgot-password': '/login/forgot-password',
};

function useNewDashboardRedirect(): boolean {
  const { newDashboardUrl } = useAppConfig();
  const { pathname } = useLocation();
  const target = newDashboardUrl && NEW_DASHBOARD_PATHS[pathname];
  useEffect(() => {
    if (target) window.location.replace(`${newDashboardUrl}${target}`);
  }, [newDashboardUrl, target]);
  return Boolean(target);
}

/**
 * The /login area: the form on the left, the testimonial card beside it (hidden on phones, where the
 * form gets the whole width).
 */
export function LoginLayout() {
  const redirecting = useNewDashboardRedirect();
  if (redirecting) return <RouteLoader />;

  return (
    <Container size="lg" px={{ base: 'md', sm: 'xl' }} py={{ base: 'xl', sm: 56 }}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={{ base: 'xl', lg: 80 }}>
        <Box
          bg="white"
          p={{ base: 'lg', sm: 36 }}
          maw={440}
          w="100%"
          mx={{ base: 'auto', sm: 0 }}
          style={{
            border: '1px solid var(--mantine-color-gray-3)',
            borderRadius: 'var(--mantine-radius-lg)',
          }}
        >
          <Suspense fallback={<RouteLoader />}>
            <Outlet />
          </Suspense>
        </Box>
        <Stack visibleFrom="sm" justify="center" gap="lg">
          <Text size="sm" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.08em' }}>
            What our clients say
          </Text>
          <TestimonialCard />
        </Stack>
      </SimpleGrid>
    </Container>
  );
}
