import { Badge, Container, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';

type ComingSoonProps = {
  /** The screen's title, as the spec names it. */
  title: string;
  /** One sentence: what this screen is for. */
  purpose: string;
  /** What the finished screen will offer, in the spec's words. No sample data. */
  plans?: string[];
  children?: ReactNode;
};

/**
 * An honest placeholder for a screen a later feature builds: the route, the guard and the menu entry
 * already work; the content says plainly that it is not there yet. Replace the page file that uses it.
 */
export function ComingSoon({ title, purpose, plans = [], children }: ComingSoonProps) {
  useDocumentTitle(`${title} · Delivery Desk`);
  return (
    <Container size="md" py={{ base: 'lg', sm: 48 }} px={{ base: 'md', sm: 'lg' }}>
      <Paper withBorder p={{ base: 'lg', sm: 40 }} shadow="xs">
        <Stack gap="md" align="flex-start">
          <Badge variant="light" color="gray" size="lg" radius="sm">
            Coming soon
          </Badge>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed" size="md">
            {purpose}
          </Text>
          {plans.length > 0 && (
            <Stack gap={6} mt="xs">
              <Text fw={600} size="sm">
                What you will find here
              </Text>
              <List spacing={6} size="sm" withPadding>
                {plans.map((plan) => (
                  <List.Item key={plan}>{plan}</List.Item>
                ))}
              </List>
            </Stack>
          )}
          <Text size="sm" c="dimmed">
            This screen is still being built. Nothing on it is stored or sent yet.
          </Text>
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
