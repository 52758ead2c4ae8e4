import { WIZARD_DESCRIPTION_MAX } from '@dd/domain';
import {
  Chip,
  Group,
  MultiSelect,
  PasswordInput,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { TechGroup } from '../api/get-techs.ts';
import type { Choice } from '../api/get-wizard-lookup.ts';
import { ChoiceCards } from './choice-cards.tsx';
import type { WizardDraft } from './wizard-draft.ts';

export type StepProps = {
  draft: WizardDraft;
  update: (patch: Partial<WizardDraft>) => void;
  labelledBy: string;
};

function ChoicesOrState({
  loading,
  choices,
  children,
}: {
  loading: boolean;
  choices: Choice[] | TechGroup[];
  children: React.ReactNode;
}) {
  if (loading)
    return (
      <Stack gap="sm" aria-busy="true">
        <Skeleton height={52} />
        <Skeleton height={52} />
        <Skeleton height={52} />
      </Stack>
    );
  if (choices.length === 0)
    return (
      <Text c="dimmed" role="status">
        The choices could not be loaded. You can go on; we will ask again on a call.
      </Text>
    );
  return <>{children}</>;
}

export function SingleChoiceStep({
  draft,
  update,
  labelledBy,
  field,
  choices,
  loading,
}: StepProps & {
  field: 'projectStateId' | 'projectBudgetId' | 'companySizeId';
  choices: Choice[];
  loading: boolean;
}) {
  return (
    <ChoicesOrState loading={loading} choices={choices}>
      <ChoiceCards
        choices={choices}
        value={draft[field]}
        onChange={(id) => update({ [field]: id })}
        labelledBy={labelledBy}
      />
    </ChoicesOrState>
  );
}

/** Step 2: free text, plus the project types; the 'Other' text shows only when Other is chosen. */
export function DescribeStep({
  draft,
  update,
  types,
  otherTypeId,
}: StepProps & { types: Choice[]; otherTypeId: number | null }) {
  const otherChosen = otherTypeId !== null && draft.projectTypeIds.includes(otherTypeId);
  return (
    <Stack gap="lg">
      <Textarea
        label="Your project or hiring needs"
        description="Optional. A few sentences help us prepare the first call."
        autosize
        minRows={5}
        maxRows={12}
        maxLength={WIZARD_DESCRIPTION_MAX}
        value={draft.description}
        onChange={(event) => update({ description: event.currentTarget.value })}
      />
      {types.length > 0 && (
        <Stack gap={6}>
          <Text size="sm" fw={500} id="project-types-label">
            What kind of project is it?
          </Text>
          <Chip.Group
            multiple
            value={draft.projectTypeIds.map(String)}
            onChange={(values) => update({ projectTypeIds: values.map(Number) })}
          >
            <Group gap="xs" role="group" aria-labelledby="project-types-label">
              {types.map((type) => (
                <Chip key={type.id} value={String(type.id)} variant="outline">
                  {type.title}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Stack>
      )}
      {otherChosen && (
        <TextInput
          label="Other: tell us what it is"
          value={draft.addition}
          onChange={(event) => update({ addition: event.currentTarget.value })}
        />
      )}
    </Stack>
  );
}

/** Step 3: techs grouped Backend, Frontend, Databases, Server, Testing tools, Other; menu 150px high. */
export function TechStep({
  draft,
  update,
  groups,
  loading,
}: StepProps & { groups: TechGroup[]; loading: boolean }) {
  return (
    <ChoicesOrState loading={loading} choices={groups}>
      <MultiSelect
        label="Technologies"
        description="Pick what you already use or want. Skip if you are not sure."
        placeholder={draft.techIds.length === 0 ? 'Search technologies' : undefined}
        data={groups}
        value={draft.techIds}
        onChange={(techIds) => update({ techIds })}
        searchable
        clearable
        maxDropdownHeight={150}
        nothingFoundMessage="No such technology"
        comboboxProps={{ position: 'bottom', middlewares: { flip: false, shift: false } }}
      />
    </ChoicesOrState>
  );
}

export type AccountErrors = Partial<Record<'title' | 'name' | 'email' | 'phone' | 'password', string>>;

/** Step 6: visitors create an account; signed-in clients only name the project (docs/product.md §C2). */
export function AccountStep({
  draft,
  update,
  signedIn,
  errors,
}: StepProps & { signedIn: boolean; errors: AccountErrors }) {
  return (
    <Stack gap="md">
      <TextInput
        label="Project name"
        required
        autoComplete="off"
        value={draft.title}
        error={errors.title}
        onChange={(event) => update({ title: event.currentTarget.value })}
      />
      {!signedIn && (
        <>
          <TextInput
            label="Your name"
            required
            autoComplete="name"
            value={draft.name}
            error={errors.name}
            onChange={(event) => update({ name: event.currentTarget.value })}
          />
          <TextInput
            label="Email"
            type="email"
            required
            autoComplete="email"
            value={draft.email}
            error={errors.email}
            onChange={(event) => update({ email: event.currentTarget.value })}
          />
          <TextInput
            label="Phone"
            type="tel"
            required
            autoComplete="tel"
            description="With the country code, e.g. +1 415 555 0199"
            value={draft.phone}
            error={errors.phone}
            onChange={(event) => update({ phone: event.currentTarget.value })}
          />
          <PasswordInput
            label="Password"
            required
            autoComplete="new-password"
            value={draft.password}
            error={errors.password}
            onChange={(event) => update({ password: event.currentTarget.value })}
          />
        </>
      )}
    </Stack>
  );
}
