import { NumberInput, Select, type SelectProps } from '@mantine/core';
import { type UseFormReturnType, useForm } from '@mantine/form';
import { todayIso } from '../today.ts';
import { DateRangeInputs } from './date-range-inputs.tsx';

/**
 * An admin table's filter form (docs/product.md §A2): the typed values as the address holds them, checked on SEARCH
 * against the domain's filter schema for today (no future dates, To not before From); the schema's
 * messages go onto their fields, and a valid filter goes to `onSearch` with the values it came from.
 */
type FilterSchema<Filter> = {
  safeParse(
    values: unknown,
  ):
    | { success: true; data: Filter }
    | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } };
};

export function useFilterForm<Values extends Record<string, string>, Filter>(
  initial: Values,
  schemaFor: (today: string) => FilterSchema<Filter>,
  onSearch: (filter: Filter, values: Values) => void,
) {
  const form = useForm<Values>({ mode: 'controlled', initialValues: initial });
  const submit = form.onSubmit((values) => {
    const parsed = schemaFor(todayIso()).safeParse(values);
    if (!parsed.success) {
      form.setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    onSearch(parsed.data, values as Values);
  });
  return { form, submit };
}

/** The whole-number Id filter: no decimals, no sign, no spinner. */
export function IdFilterInput<Values extends Record<string, string>>({
  form,
  field,
}: {
  form: UseFormReturnType<Values>;
  field: keyof Values & string;
}) {
  return (
    <NumberInput
      size="md"
      label="Id"
      min={1}
      allowDecimal={false}
      allowNegative={false}
      hideControls
      {...form.getInputProps(field)}
    />
  );
}

/** A clearable select over one string field, '' when cleared (the address keeps no empty filters). */
export function FilterSelect<Values extends Record<string, string>>({
  form,
  field,
  label,
  data,
}: {
  form: UseFormReturnType<Values>;
  field: keyof Values & string;
  label: string;
  data: SelectProps['data'];
}) {
  return (
    <Select
      size="md"
      label={label}
      data={data}
      clearable
      value={form.values[field] || null}
      onChange={(value) => form.setValues({ [field]: value ?? '' } as Partial<Values>)}
      error={form.errors[field]}
    />
  );
}

/** A list's created-date range (`createdFrom`, `createdTo`), labelled '{word} From' and '{word} To'. */
export function CreatedRangeInputs<Values extends { createdFrom: string; createdTo: string }>({
  form,
  word,
}: {
  form: UseFormReturnType<Values>;
  word: string;
}) {
  return (
    <DateRangeInputs
      fromLabel={`${word} From`}
      toLabel={`${word} To`}
      from={form.getInputProps('createdFrom')}
      to={form.getInputProps('createdTo')}
    />
  );
}
