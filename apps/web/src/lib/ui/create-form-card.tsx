import { Button, Group, Paper, Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';

type Props = {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The create request is in flight: the CREATE button shows its loader. */
  submitting: boolean;
  children: ReactNode;
};

/** The card of the admin create forms (admin §5): the fields in a column, then CREATE on the right. */
export function CreateFormCard({ onSubmit, submitting, children }: Props) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {children}
          <Group justify="flex-end" mt="xs">
            <Button type="submit" loading={submitting}>
              CREATE
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
