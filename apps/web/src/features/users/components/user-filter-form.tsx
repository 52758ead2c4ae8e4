import { LABELS, ROLE_LABELS, ROLES, type UserFilter, userFilterSchema } from '@dd/domain';
import { Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import {
  CreatedRangeInputs,
  FilterSelect,
  IdFilterInput,
  useFilterForm,
} from '../../../lib/ui/filter-form.tsx';
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

/** The users filter form (docs/product.md §A2), collapsible behind 'Filters' (docs/product.md §F5): Registered From/To at most today, To not before From; SEARCH. */
export function UserFilterForm({ initial, onSearch }: Props) {
  const { form, submit } = useFilterForm(initial, userFilterSchema, onSearch);
  return (
    <FilterPanel activeCount={activeFilterCount(initial)}>
      <form onSubmit={submit} aria-label="User filter">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} mt="sm">
          <TextInput label="Search Name" {...form.getInputProps('name')} />
          <TextInput label="Email" {...form.getInputProps('email')} />
          <IdFilterInput form={form} field="id" />
          <TextInput label="Phone" {...form.getInputProps('phone')} />
          <TextInput label="Team" {...form.getInputProps('team')} />
          <TextInput label="Project" {...form.getInputProps('project')} />
          <FilterSelect form={form} field="role" label="Role" data={ROLE_OPTIONS} />
          <CreatedRangeInputs form={form} word="Registered" />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button type="submit">{LABELS.buttons.search}</Button>
        </Group>
      </form>
    </FilterPanel>
  );
}
