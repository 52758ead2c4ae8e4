import {
  can,
  formatPhone,
  HELP_NEEDED_OPTIONS,
  isAdminRole,
  isProjectOwner,
  LABELS,
  mayReadContactsOf,
} from '@dd/domain';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { lazyComponent, preloadOnIntent, whenLoaded } from '../../../lib/lazy-component.tsx';
import { useFirstIdle } from '../../../lib/use-first-idle.ts';
import { useActor } from '../../auth/api/get-session.ts';
import type { ProjectView } from '../api/get-project.ts';
import { type Option, useProjectLookups } from '../api/get-project-lookups.ts';

// The edit form and its rules load when the pointer or focus reaches EDIT, not with the page.
const ProjectDetailsForm = lazyComponent(
  () => import('./project-details-form.tsx'),
  (m) => m.ProjectDetailsForm,
);

export const NOT_SET = 'Not set';

function Field({ label, value, wide = false }: { label: string; value: ReactNode; wide?: boolean }) {
  const unset = value === null || value === undefined || value === '';
  return (
    <div style={wide ? { gridColumn: '1 / -1' } : undefined}>
      <Text component="dt" size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text
        component="dd"
        size="sm"
        m={0}
        c={unset ? 'dimmed' : undefined}
        fs={unset ? 'italic' : undefined}
        style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
      >
        {unset ? NOT_SET : value}
      </Text>
    </div>
  );
}

/**
 * Project Details as text (docs/product.md §F5): every field the form has, 'Not set' where empty, and EDIT
 * for those who may change them, which opens the same form (same fields, rules and messages).
 */
export function ProjectDetails({ project }: { project: ProjectView }) {
  const actor = useActor();
  // The eight choice lists (for the labels of sizes, budgets, statuses…) are asked for when the page is
  // first idle: asked for as the right column mounts, their eight requests lengthened the long task that
  // commits it on a phone (docs/adr/0034). Until they answer, the labels show '…', as before.
  const lookups = useProjectLookups(useFirstIdle());
  const [editing, setEditing] = useState(false);
  // EDIT moves focus into the form, and leaving the form brings it back to EDIT (keyboard users).
  const wrapper = useRef<HTMLDivElement>(null);
  const opened = useRef(false);
  useEffect(() => {
    if (editing) wrapper.current?.querySelector<HTMLElement>('input, textarea')?.focus();
    else if (opened.current) wrapper.current?.querySelector<HTMLElement>('button')?.focus();
    opened.current = opened.current || editing;
  }, [editing]);
  const ref = { ownerId: project.ownerId, clientIds: project.clientIds };
  const editable = can(actor, 'project:update', ref);
  // A co-client sees the owner's name only (docs/product.md §C6): the API sends no contacts either.
  const seeContacts =
    can(actor, 'project:see-contacts', ref) &&
    (project.owner === null || mayReadContactsOf(actor, project.owner));
  const showOwnersList = actor !== null && !isAdminRole(actor.role) && !isProjectOwner(actor, ref);

  if (editing && editable)
    return (
      <div ref={wrapper}>
        <ProjectDetailsForm
          key={`${project.id}`}
          project={project}
          onCancel={() => setEditing(false)}
          onSaved={() => setEditing(false)}
        />
      </div>
    );

  const loading = lookups.isPending ? '…' : null;
  const one = (options: Option[] | undefined, id: number | null) =>
    id === null ? null : (options?.find((o) => o.value === String(id))?.label ?? loading);
  const many = (options: Option[] | undefined, ids: number[]) =>
    ids.length === 0
      ? null
      : ids.map((id) => options?.find((o) => o.value === String(id))?.label ?? loading).join(', ') || null;
  const techOptions = lookups.data?.techs.flatMap((g) => g.items);
  const helpNeeded = HELP_NEEDED_OPTIONS.find((o) => o.value === project.owner?.helpNeeded)?.label ?? null;

  return (
    <Paper
      ref={wrapper}
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="project-details-title"
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4" id="project-details-title">
            Project Details
          </Title>
          {editable && (
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => whenLoaded(ProjectDetailsForm, () => setEditing(true))}
              aria-label="Edit project details"
              {...preloadOnIntent(ProjectDetailsForm)}
            >
              {LABELS.buttons.edit}
            </Button>
          )}
        </Group>
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs" m={0}>
          <Field label="Project title" value={project.title} wide />
          <Field label="Description" value={project.description} wide />
          <Field label="Project type" value={many(lookups.data?.types, project.typeIds)} />
          {project.addition !== '' && <Field label="Other (describe)" value={project.addition} />}
          <Field label="Tech stack" value={many(techOptions, project.techIds)} />
          <Field label="Project size" value={one(lookups.data?.sizes, project.sizeId)} />
          <Field label="Budget" value={one(lookups.data?.budgets, project.budgetId)} />
          <Field label="Start" value={one(lookups.data?.starts, project.startId)} />
          <Field label="Status" value={one(lookups.data?.statuses, project.statusId)} />
        </SimpleGrid>
        <Title order={3} size="h5">
          Owner
        </Title>
        <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs" m={0}>
          <Field label="Name" value={project.owner?.name} />
          {seeContacts && <Field label="E-mail" value={project.owner?.email} />}
          {seeContacts && <Field label="Phone" value={formatPhone(project.owner?.phone)} />}
          <Field label="Timezone" value={project.owner?.timezone} />
          <Field label="Help needed" value={helpNeeded} />
          <Field label="Company" value={project.company?.title} />
          <Field
            label="Company size"
            value={one(lookups.data?.companySizes, project.company?.companySizeId ?? null)}
          />
        </SimpleGrid>
        {showOwnersList && (
          <div>
            <Text fw={600} size="sm" id="project-owners-title">
              {LABELS.projectOwners}
            </Text>
            <Stack gap={2} component="ul" aria-labelledby="project-owners-title" m={0} pl="md">
              {project.clients.map((c) => (
                <Text component="li" size="sm" key={c.id}>
                  {c.name}
                </Text>
              ))}
            </Stack>
          </div>
        )}
      </Stack>
    </Paper>
  );
}
