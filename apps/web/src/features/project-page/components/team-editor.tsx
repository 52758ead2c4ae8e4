import { formatPhone, LABELS, MESSAGES, ROLE_LABELS, type TeamMemberRole } from '@dd/domain';
import { Button, Group, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { lazyComponent, preloadOnIntent, whenLoaded } from '../../../lib/lazy-component.tsx';
import { notifySuccess } from '../../../lib/notify.ts';
import { PersonAvatar } from '../../../lib/ui/person-avatar.tsx';
import { useDefaultAccountManagerId } from '../api/get-default-account-manager.ts';
import type { Person, ProjectView } from '../api/get-project.ts';
import { useReminderSettings } from '../api/get-reminder-settings.ts';
import { useTeamCandidates } from '../api/get-team-candidates.ts';
import { useSaveProjectTeam } from '../api/save-project-team.ts';
import { MEMBER_ROLE_WORDS } from './member-role-words.ts';
import { ReminderSwitch } from './reminder-switch.tsx';

// The new-member form and its rules load when the pointer or focus reaches 'Add developer', not with the page.
const AddTeamMemberModal = lazyComponent(
  () => import('./add-team-member-modal.tsx'),
  (m) => m.AddTeamMemberModal,
);

const ids = (people: Person[]) => people.map((p) => String(p.id));
const option = (p: Person) => ({ value: String(p.id), label: p.name });

/** Candidates plus whoever is already on the project (a deactivated member still shows). */
function mergeOptions(candidates: Person[] | undefined, current: Person[]) {
  const byId = new Map<string, Person>();
  for (const p of [...current, ...(candidates ?? [])]) byId.set(String(p.id), p);
  return byId;
}

function MemberRows({
  role,
  selected,
  people,
  savedIds,
  projectId,
  settings,
}: {
  role: TeamMemberRole;
  selected: string[];
  people: Map<string, Person>;
  savedIds: Set<string>;
  projectId: number;
  settings: ReturnType<typeof useReminderSettings>['data'];
}) {
  if (selected.length === 0) return null;
  return (
    <Stack
      gap={6}
      component="ul"
      aria-label={`${ROLE_LABELS[role]}s`}
      style={{ listStyle: 'none', margin: 0, padding: 0 }}
    >
      {selected.map((id) => {
        const person = people.get(id);
        if (!person) return null;
        return (
          <Group key={id} component="li" justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <PersonAvatar name={person.name} avatar={person.avatar} size={28} />
              <Text size="sm" truncate>
                {person.name}
              </Text>
            </Group>
            {savedIds.has(id) ? (
              <ReminderSwitch
                projectId={projectId}
                userId={person.id}
                name={person.name}
                setting={settings?.find((s) => s.userId === person.id) ?? null}
                loading={settings === undefined}
              />
            ) : (
              <Text size="xs" c="dimmed">
                Not saved yet
              </Text>
            )}
          </Group>
        );
      })}
    </Stack>
  );
}

/**
 * The editable team (docs/product.md §C2, §C4, §C7): account manager select (a project without one starts
 * from the defaultAccauntManager setting), developers and project managers with per-person reminder
 * toggles, the add-person modals, and Save through the project patch.
 */
export function TeamEditor({ project }: { project: ProjectView }) {
  const developers = useTeamCandidates('developer', true);
  const projectManagers = useTeamCandidates('projectManager', true);
  const accountManagers = useTeamCandidates('accountManager', true);
  const defaultAccountManager = useDefaultAccountManagerId(project.accountManager === null);
  const reminders = useReminderSettings(project.id, true);
  const save = useSaveProjectTeam();

  const [developerIds, setDeveloperIds] = useState<string[]>(() => ids(project.developers));
  const [managerIds, setManagerIds] = useState<string[]>(() => ids(project.projectManagers));
  const [accountManagerId, setAccountManagerId] = useState<string | null>(
    project.accountManager ? String(project.accountManager.id) : null,
  );
  const [adding, setAdding] = useState<TeamMemberRole | null>(null);
  // Mounted from the first opening on, so closing keeps its transition.
  const [modalMounted, setModalMounted] = useState(false);

  // A project without an account manager starts from the default one (docs/product.md §A3), once known.
  const defaultId = defaultAccountManager.data ?? null;
  useEffect(() => {
    if (project.accountManager === null && defaultId !== null)
      setAccountManagerId((current) => current ?? String(defaultId));
  }, [defaultId, project.accountManager]);

  const developerPeople = useMemo(
    () => mergeOptions(developers.data, project.developers),
    [developers.data, project.developers],
  );
  const managerPeople = useMemo(
    () => mergeOptions(projectManagers.data, project.projectManagers),
    [projectManagers.data, project.projectManagers],
  );
  const accountPeople = useMemo(
    () => mergeOptions(accountManagers.data, project.accountManager ? [project.accountManager] : []),
    [accountManagers.data, project.accountManager],
  );
  const savedDevelopers = new Set(ids(project.developers));
  const savedManagers = new Set(ids(project.projectManagers));
  const accountManager = accountManagerId ? accountPeople.get(accountManagerId) : undefined;

  const onSave = () =>
    save.mutate(
      {
        projectId: project.id,
        developerIds: developerIds.map(Number),
        projectManagerIds: managerIds.map(Number),
        accountManagerId: accountManagerId === null ? null : Number(accountManagerId),
      },
      { onSuccess: () => notifySuccess(MESSAGES.projectUpdated) },
    );

  const onAdded = (role: TeamMemberRole, userId: number) => {
    const add = (list: string[]) => (list.includes(String(userId)) ? list : [...list, String(userId)]);
    if (role === 'developer') setDeveloperIds(add);
    else setManagerIds(add);
  };

  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Select
          label={ROLE_LABELS.accountManager}
          placeholder="Choose an account manager"
          data={[...accountPeople.values()].map(option)}
          value={accountManagerId}
          onChange={setAccountManagerId}
          searchable
          clearable
          nothingFoundMessage="No account managers"
        />
        {accountManager && (
          <Group gap="sm" wrap="nowrap">
            <PersonAvatar name={accountManager.name} avatar={accountManager.avatar} />
            <div style={{ minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {accountManager.name}
              </Text>
              {/* Contacts are absent for readonlyManager: the server leaves them out. */}
              {accountManager.email && (
                <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                  {accountManager.email}
                </Text>
              )}
              {accountManager.phone && <Text size="xs">{formatPhone(accountManager.phone)}</Text>}
            </div>
          </Group>
        )}
      </Stack>

      {(
        [
          ['developer', developerIds, setDeveloperIds, developerPeople, savedDevelopers],
          ['projectManager', managerIds, setManagerIds, managerPeople, savedManagers],
        ] as const
      ).map(([role, selected, setSelected, people, savedIds]) => (
        <Stack gap={6} key={role}>
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
            <MultiSelect
              label={`${ROLE_LABELS[role]}s`}
              placeholder={selected.length === 0 ? `Choose ${MEMBER_ROLE_WORDS[role]}s` : undefined}
              data={[...people.values()].map(option)}
              value={selected}
              onChange={setSelected}
              searchable
              style={{ flex: '1 1 220px', minWidth: 0 }}
              nothingFoundMessage="Nobody found"
            />
            <Button
              variant="light"
              onClick={() =>
                whenLoaded(AddTeamMemberModal, () => {
                  setModalMounted(true);
                  setAdding(role);
                })
              }
              {...preloadOnIntent(AddTeamMemberModal)}
            >
              Add {MEMBER_ROLE_WORDS[role]}
            </Button>
          </Group>
          <MemberRows
            role={role}
            selected={selected}
            people={people}
            savedIds={savedIds}
            projectId={project.id}
            settings={reminders.data}
          />
        </Stack>
      ))}

      <Group justify="flex-end">
        <Button onClick={onSave} loading={save.isPending}>
          {LABELS.buttons.save}
        </Button>
      </Group>
      {modalMounted && (
        <AddTeamMemberModal
          projectId={project.id}
          role={adding}
          onClose={() => setAdding(null)}
          onAdded={onAdded}
        />
      )}
    </Stack>
  );
}
