import { Center, Loader, Stack, Text } from '@mantine/core';

/** The spinner alone, while the app cannot show anything yet (session unknown, route loading). */
export function FullPageLoader({ label = 'Loading Delivery Desk' }: { label?: string }) {
  return (
    <Center mih="100dvh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader size="md" aria-hidden="true" />
        <Text size="sm" c="dimmed">
          {label}…
        </Text>
      </Stack>
    </Center>
  );
}

/** The same, inside the page area below the header, while a lazy screen loads. */
export function RouteLoader() {
  return (
    <Center py={96} role="status" aria-live="polite">
      <Loader size="md" aria-label="Loading page" />
    </Center>
  );
}
