import '@mantine/dates/styles.css';
import { DateInput } from '@mantine/dates';
import type { GetInputPropsReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { todayIso } from '../today.ts';

type Props = {
  fromLabel: string;
  toLabel: string;
  /** `form.getInputProps(...)` of the From and To fields ('YYYY-MM-DD' or ''). */
  from: GetInputPropsReturnType;
  to: GetInputPropsReturnType;
};

type DateFieldProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: ReactNode;
  minDate?: string;
  maxDate?: string;
  w?: number;
};

/**
 * One date field (docs/product.md §F5): Mantine's date input, typed as YYYY-MM-DD or picked from a calendar
 * whose out-of-range days are disabled; the form's rules show as the field's own inline error, not as
 * a browser bubble.
 */
export function DateField({ label, value, onChange, error, minDate, maxDate, w }: DateFieldProps) {
  return (
    <DateInput
      label={label}
      valueFormat="YYYY-MM-DD"
      placeholder="YYYY-MM-DD"
      clearable
      w={w}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      error={error}
      minDate={minDate || undefined}
      maxDate={maxDate || undefined}
      popoverProps={{ withinPortal: true }}
    />
  );
}

/** A From/To date pair for the admin filters (docs/product.md §A2): no future dates, To not before From. */
export function DateRangeInputs({ fromLabel, toLabel, from, to }: Props) {
  const today = todayIso();
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return (
    <>
      <DateField
        label={fromLabel}
        value={text(from.value)}
        onChange={(v) => from.onChange(v)}
        error={from.error}
        maxDate={text(to.value) || today}
      />
      <DateField
        label={toLabel}
        value={text(to.value)}
        onChange={(v) => to.onChange(v)}
        error={to.error}
        minDate={text(from.value) || undefined}
        maxDate={today}
      />
    </>
  );
}
