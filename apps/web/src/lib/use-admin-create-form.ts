import { schemaResolver, useForm } from '@mantine/form';
import { useMemo, useState } from 'react';
import { isApiError } from './api-client.ts';
import { loadFormDraft, useFormDraft } from './form-draft.ts';
import { notifySuccess } from './notify.ts';

/** The record a create form just made: what it is called and where it is shown. */
export type CreatedRecord = { label: string; to: string };

/** The id of a create call's answer (`{ data: { id } }`), as a string for a path. */
export function createdId(result: unknown): string {
  const id = (result as { data?: { id?: unknown } } | null)?.data?.id;
  return id === undefined || id === null ? '' : String(id);
}

type Options<V> = {
  /** Name of the local draft (docs/product.md §A4). */
  draft: string;
  empty: V;
  /** Fields never kept in the draft (passwords, avatars): they start empty. */
  notInDraft?: ReadonlyArray<keyof V & string>;
  schema: Parameters<typeof schemaResolver>[0];
};

/**
 * The scaffolding of the admin create forms (docs/product.md §A4, §A5): a controlled form started from the local
 * draft and validated by the domain schema, the draft kept while typing, a success step (clear the
 * draft, empty the form, toast) and the mapping of an API error onto the field its pointer names.
 */
export function useAdminCreateForm<V extends Record<string, unknown>>({
  draft,
  empty,
  notInDraft = [],
  schema,
}: Options<V>) {
  const validate = useMemo(() => schemaResolver(schema, { sync: true }), [schema]);
  const form = useForm<V>({
    mode: 'controlled',
    initialValues: {
      ...empty,
      ...loadFormDraft<V>(draft),
      ...Object.fromEntries(notInDraft.map((key) => [key, empty[key]])),
    },
    validate: (values) => validate(values),
  });
  const values = form.getValues();
  const clearDraft = useFormDraft(draft, values, notInDraft);
  const [created, setCreated] = useState<CreatedRecord | null>(null);

  /**
   * After a successful create: drop the draft, empty the form, show the product's toast, and name the new
   * record with a way to it (docs/product.md §F5), so the form ends on what it made.
   */
  const succeed = (message: string, record?: CreatedRecord) => {
    clearDraft();
    form.setValues(empty);
    notifySuccess(message);
    setCreated(record ?? null);
  };

  /** Shows the API's first error title under `field` when the form has that field; returns whether it did. */
  const showFieldError = (error: unknown, field: string | undefined): boolean => {
    const title = isApiError(error) ? error.firstError?.title : undefined;
    if (!field || !(field in values) || !title) return false;
    form.setFieldError(field, title);
    return true;
  };

  return { form, values, clearDraft, succeed, showFieldError, created };
}

/** The last segment of the first API error's pointer, as sent (`/data/attributes/punch-line` → `punch-line`). */
export function pointedField(error: unknown): string | undefined {
  return isApiError(error) ? error.errors[0]?.source?.pointer?.split('/').pop() : undefined;
}
