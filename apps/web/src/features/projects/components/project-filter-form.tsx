import { LABELS, type ProjectFilter, projectFilterSchema } from '@dd/domain';
import { Button, Group, SimpleGrid, TextInput } from '@mantine/core';
import {
  CreatedRangeInputs,
  FilterSelect,
  IdFilterInput,
  useFilterForm,
} from '../../../lib/ui/filter-form.tsx';
import { activeFilterCount, FilterPanel } from '../../../lib/ui/filter-panel.tsx';
import { useProjectLookups } from '../api/get-project-lookups.ts';

export type ProjectFilterValues = {
  title: string;
  id: string;
  client: string;
  phone: string;
  status: string;
  size: string;
  createdFrom: string;
  createdTo: string;
};

export const PROJECT_FILTER_KEYS = [
  'title',
  'id',
  'client',
  'phone',
  'status',
  'size',
  'createdFrom',
  'createdTo',
] as const;

type Props = {
  initial: ProjectFilterValues;
  /** A viewer who may not read phones may not filter on them either (the API answers 400). */
  showPhone: boolean;
  onSearch: (filter: ProjectFilter, values: ProjectFilterValues) => void;
};

/**
 * The project filter (docs/product.md §A2): a collapsible panel, open by default (closed on a phone, docs/product.md §F5);
 * no future dates; To not before From.
 */
export function ProjectFilterForm({ initial, showPhone, onSearch }: Props) {
  const { states, sizes } = useProjectLookups();
  const { form, submit } = useFilterForm(initial, projectFilterSchema, onSearch);

  return (
    <FilterPanel activeCount={activeFilterCount(initial)}>
      <form onSubmit={submit} aria-label="Project filter">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} mt="sm">
          <TextInput label="Title" {...form.getInputProps('title')} />
          <IdFilterInput form={form} field="id" />
          <TextInput label="Client" {...form.getInputProps('client')} />
          {showPhone && <TextInput label="Phone" {...form.getInputProps('phone')} />}
          <FilterSelect form={form} field="status" label="Status" data={states} />
          <FilterSelect form={form} field="size" label="Size" data={sizes} />
          <CreatedRangeInputs form={form} word="Created" />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button
            variant="default"
            onClick={() => {
              const empty = Object.fromEntries(
                PROJECT_FILTER_KEYS.map((k) => [k, '']),
              ) as ProjectFilterValues;
              form.setValues(empty);
              onSearch({}, empty);
            }}
          >
            RESET
          </Button>
          <Button type="submit">{LABELS.buttons.search}</Button>
        </Group>
      </form>
    </FilterPanel>
  );
}
