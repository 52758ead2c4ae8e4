import { LABELS, type ProjectFilter, projectFilterSchema } from '@dd/domain';
import { Button, Group, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { todayIso } from '../../../lib/today.ts';
import { DateRangeInputs } from '../../../lib/ui/date-range-inputs.tsx';
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
  onSearch: (filter: ProjectFilter, values: ProjectFilterValues) => void;
};

/**
 * The project filter (admin §2): a collapsible panel, open by default (closed on a phone, issue 13 §3);
 * no future dates; To not before From.
 */
export function ProjectFilterForm({ initial, onSearch }: Props) {
  const { states, sizes } = useProjectLookups();
  const form = useForm<ProjectFilterValues>({ mode: 'controlled', initialValues: initial });

  const submit = form.onSubmit((values) => {
    const parsed = projectFilterSchema(todayIso()).safeParse(values);
    if (!parsed.success) {
      form.setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    onSearch(parsed.data, values);
  });

  return (
    <FilterPanel activeCount={activeFilterCount(initial)}>
      <form onSubmit={submit} aria-label="Project filter">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} mt="sm">
          <TextInput label="Title" {...form.getInputProps('title')} />
          <NumberInput
            size="md"
            label="Id"
            min={1}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            {...form.getInputProps('id')}
          />
          <TextInput label="Client" {...form.getInputProps('client')} />
          <TextInput label="Phone" {...form.getInputProps('phone')} />
          <Select
            size="md"
            label="Status"
            data={states}
            clearable
            value={form.values.status || null}
            onChange={(value) => form.setFieldValue('status', value ?? '')}
            error={form.errors.status}
          />
          <Select
            size="md"
            label="Size"
            data={sizes}
            clearable
            value={form.values.size || null}
            onChange={(value) => form.setFieldValue('size', value ?? '')}
            error={form.errors.size}
          />
          <DateRangeInputs
            fromLabel="Created From"
            toLabel="Created To"
            from={form.getInputProps('createdFrom')}
            to={form.getInputProps('createdTo')}
          />
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
