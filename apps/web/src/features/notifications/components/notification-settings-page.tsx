import { NOTIFICATION_KIND_INFO, type NotificationPreference } from '@dd/domain';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notification-settings.ts';

/**
 * Per kind of notification: in the app (the bell) and/or by e-mail (at most one mail per 5 minutes,
 * with everything that came meanwhile). Each switch saves at once.
 */
export function NotificationSettingsPage() {
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();

  const toggle = (choice: NotificationPreference, field: 'in-app' | 'email', value: boolean) =>
    save.mutate([{ ...choice, [field]: value }]);

  return (
    <Container size="sm" py="lg">
      <Stack gap="md">
        <Title order={1} size="h2">
          Notification settings
        </Title>
        <Text c="dimmed">
          Choose what reaches you in the app (the bell in the header) and by e-mail. E-mails come at most once
          every 5 minutes, with everything that happened meanwhile. Integrations use your{' '}
          <Anchor component={Link} to="/access-tokens">
            access tokens
          </Anchor>
          .
        </Text>
        {save.isError && (
          <Alert color="red" title="Not saved">
            Your change was not saved. Please try again.
          </Alert>
        )}
        {settings.isPending ? (
          <Group justify="center" p="lg">
            <Loader aria-label="Loading notification settings" />
          </Group>
        ) : settings.isError ? (
          <Alert color="red" title="Could not load your settings">
            <Button size="compact-sm" variant="light" mt="xs" onClick={() => void settings.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : settings.data.length === 0 ? (
          <Text>There are no notifications for your role yet.</Text>
        ) : (
          <Card withBorder padding={0}>
            <Table verticalSpacing="sm" horizontalSpacing="md">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Notification</Table.Th>
                  <Table.Th w={90}>In the app</Table.Th>
                  <Table.Th w={90}>E-mail</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {settings.data.map((choice) => {
                  const label = NOTIFICATION_KIND_INFO[choice.kind].label;
                  return (
                    <Table.Tr key={choice.kind}>
                      <Table.Td>{label}</Table.Td>
                      <Table.Td>
                        <Switch
                          checked={choice['in-app']}
                          onChange={(e) => toggle(choice, 'in-app', e.currentTarget.checked)}
                          disabled={save.isPending}
                          aria-label={`${label}: in the app`}
                        />
                      </Table.Td>
                      <Table.Td>
                        <Switch
                          checked={choice.email}
                          onChange={(e) => toggle(choice, 'email', e.currentTarget.checked)}
                          disabled={save.isPending}
                          aria-label={`${label}: by e-mail`}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Card>
        )}
      </Stack>
    </Container>
  );
}
