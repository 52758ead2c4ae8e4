import { LABELS, ROLE_LABELS, ROLES, type UserFilter, userFilterSchema } from '@dd/domain';
import { Button, Group, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { todayIso } from '../../../lib/today.ts';
import { DateRangeInputs } from '../../../lib/ui/date-range-inputs.tsx';
import { activeFilterCount, FilterPanel } from '../../../lib/ui/filter-panel.tsx';

export const USER_FILTER_KEYS = [
  'name',
  'email',
  'id',
  'phone',
  'team',
  'project',
  'role',
  'createdFrom',
  'createdTo',
] as const;
export type UserFilterValues = Record<(typeof USER_FILTER_KEYS)[number], string>;

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

type Props = { initial: UserFilterValues; onSearch: (filter: UserFilter, values: UserFilterValues) => void };

/** The users filter form (admin §2), collapsible behind 'Filters' (issue 13 §3): Registered From/To at most today, To not before From; SEARCH. */
export function UserFilterForm({ initial, onSearch }: Props) {
  const form = useForm<UserFilterValues>({ mode: 'controlled', initialValues: initial });
  const submit = form.onSubmit((values) => {
    const parsed = userFilterSchema(todayIso()).safeParse(values);
    if (!parsed.success) {
      form.setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    onSearch(parsed.data, values);
  });
  return (
    <FilterPanel activeCount={activeFilterCount(initial)}>
      <form onSubmit={submit} aria-label="User filter">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} mt="sm">
          <TextInput label="Search Name" {...form.getInputProps('name')} />
          <TextInput label="Email" {...form.getInputProps('email')} />
          <NumberInput
            size="md"
            label="Id"
            min={1}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            {...form.getInputProps('id')}
          />
          <TextInput label="Phone" {...form.getInputProps('phone')} />
          <TextInput label="Team" {...form.getInputProps('team')} />
          <TextInput label="Project" {...form.getInputProps('project')} />
          <Select
            size="md"
            label="Role"
            data={ROLE_OPTIONS}
            clearable
            value={form.values.role || null}
            onChange={(value) => form.setFieldValue('role', value ?? '')}
            error={form.errors.role}
          />
          <DateRangeInputs
            fromLabel="Registered From"
            toLabel="Registered To"
            from={form.getInputProps('createdFrom')}
            to={form.getInputProps('createdTo')}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button type="submit">{LABELS.buttons.search}</Button>
        </Group>
      </form>
    </FilterPanel>
  );
}
