import { initials, MESSAGES, SETTING_UNSET_VALUE } from '@dd/domain';
import {
  Alert,
  Anchor,
  Avatar,
  Button,
  Card,
  Container,
  Divider,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { notifySuccess } from '../../../lib/notify.ts';
import { PhoneLink } from '../../../lib/ui/phone-link.tsx';
import { useAccountManagers } from '../api/get-account-managers.ts';
import { useDefaultAccountManagerSetting } from '../api/get-default-account-manager.ts';
import { useUserProfile } from '../api/get-user-profile.ts';
import { useSaveDefaultAccountManager } from '../api/save-default-account-manager.ts';
import { BookingRulesCard } from './booking-rules-card.tsx';
import { PhoneBlacklistCard } from './phone-blacklist-card.tsx';
import { WorkHoursCard } from './work-hours-card.tsx';

const TITLE = 'Project Settings';

/** /project-settings (admin-level): the default account manager new projects get (docs/product.md §A2, §A4). */
export function ProjectSettingsPage() {
  useDocumentTitle(`${TITLE} · Delivery Desk`);
  const managers = useAccountManagers();
  const setting = useDefaultAccountManagerSetting();
  const save = useSaveDefaultAccountManager();
  // null: nothing picked on this visit yet, so the saved value shows.
  const [picked, setPicked] = useState<string | null>(null);

  const saved = setting.data?.value;
  const savedId = saved && saved !== SETTING_UNSET_VALUE ? saved : null;
  const options = (managers.data ?? []).map((m) => ({ value: m.id, label: m.name || m.email }));
  const selected = picked ?? (savedId && options.some((o) => o.value === savedId) ? savedId : null);
  const profile = useUserProfile(selected);

  const loading = managers.isPending || setting.isPending;
  const failed = managers.isError || setting.isError;

  const onSave = () => {
    if (selected === null || setting.data === undefined) return;
    save.mutate(
      { existing: setting.data, userId: selected },
      {
        onSuccess: () => {
          setPicked(null);
          notifySuccess(MESSAGES.updated);
        },
      },
    );
  };

  return (
    <Container size="sm" py="lg">
      <Title order={1} mb="md">
        {TITLE}
      </Title>
      {loading ? (
        <Group gap="sm" role="status">
          <Loader size="sm" />
          <Text>Loading settings…</Text>
        </Group>
      ) : failed ? (
        <Alert color="red" title="Could not load the settings">
          Reload the page to try again.
        </Alert>
      ) : options.length === 0 ? (
        <Alert color="blue" title="No account managers yet — create one first">
          The default account manager is chosen among active users with the Account manager role.
        </Alert>
      ) : (
        <Stack gap="md">
          <Select
            label="Account manager"
            description="The default account manager for new projects"
            placeholder="Choose an account manager"
            data={options}
            value={selected}
            onChange={(value) => setPicked(value)}
            searchable
            allowDeselect={false}
            nothingFoundMessage="No account manager matches"
          />
          {selected !== null && <ProfileCard query={profile} />}
          <Group justify="flex-end">
            <Button onClick={onSave} loading={save.isPending} disabled={selected === null}>
              SAVE
            </Button>
          </Group>
        </Stack>
      )}
      <Divider my="xl" />
      <PhoneBlacklistCard />
      <BookingRulesCard />
      <Divider my="xl" />
      <WorkHoursCard />
    </Container>
  );
}

function ProfileCard({ query }: { query: ReturnType<typeof useUserProfile> }) {
  if (query.isPending)
    return (
      <Card withBorder role="status">
        <Group gap="sm">
          <Loader size="sm" />
          <Text>Loading profile…</Text>
        </Group>
      </Card>
    );
  if (query.isError || !query.data)
    return (
      <Alert color="red" title="Could not load this person's profile">
        Choose again or reload the page.
      </Alert>
    );
  const user = query.data;
  return (
    <Card withBorder aria-label="Chosen account manager">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <Avatar src={user.avatar} alt="" size={64} radius="xl" color="brand">
          {initials(user.name)}
        </Avatar>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600}>{user.name}</Text>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Email: {user.email ? <Anchor href={`mailto:${user.email}`}>{user.email}</Anchor> : '—'}
          </Text>
          <Text size="sm">Phone: {user.phone ? <PhoneLink phone={user.phone} /> : '—'}</Text>
        </Stack>
      </Group>
    </Card>
  );
}
