import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';

/** Any /login/ path that is not a login screen (docs/product.md §C2). */
export function LoginFallbackPage() {
  useDocumentTitle('Page not found · Delivery Desk');
  return (
    <Stack gap="sm">
      <Text size="sm" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.08em' }}>
        404
      </Text>
      <Title order={1} size="h2">
        This page does not exist
      </Title>
      <Text c="dimmed">The link may be old or mistyped. You can sign in or start a new project instead.</Text>
      <Text>
        <Anchor component={Link} to="/login/signin" fw={600}>
          Go to sign in
        </Anchor>
        {' · '}
        <Anchor component={Link} to="/get-started" fw={600}>
          Get started
        </Anchor>
      </Text>
    </Stack>
  );
}
