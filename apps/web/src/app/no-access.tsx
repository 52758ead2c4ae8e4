import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { Link } from 'react-router';

/**
 * What a signed-in person sees on a page their role may not open (an admin page, the board for
 * readonlyManager and clients): a short explanation and a way back, instead of a silent redirect. The
 * page's own code and data are never loaded, so no call is made that the server would refuse.
 */
export function NoAccess() {
  useDocumentTitle('No access · Delivery Desk');
  return (
    <Container size="xs" py={64}>
      <Stack align="center" gap="md" ta="center">
        <Title order={1} size="h2">
          You don't have access to this page
        </Title>
        <Text c="dimmed">Your role does not include this page. Ask an admin if you need it.</Text>
        <Button component={Link} to="/" replace>
          Go to my start page
        </Button>
      </Stack>
    </Container>
  );
}
