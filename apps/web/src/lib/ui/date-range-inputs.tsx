import { TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { todayIso } from '../today.ts';

type Props = {
  fromLabel: string;
  toLabel: string;
  /** `form.getInputProps(...)` of the From and To fields ('YYYY-MM-DD' or ''). */
  from: GetInputPropsReturnType;
  to: GetInputPropsReturnType;
};

/** A From/To date pair for the admin filters (admin §2): no future dates, To not before From. */
export function DateRangeInputs({ fromLabel, toLabel, from, to }: Props) {
  const today = todayIso();
  return (
    <>
      <TextInput type="date" label={fromLabel} max={to.value || today} {...from} />
      <TextInput type="date" label={toLabel} min={from.value || undefined} max={today} {...to} />
    </>
  );
}
