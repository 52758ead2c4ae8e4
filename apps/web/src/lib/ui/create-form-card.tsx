import { Alert, Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { Link } from 'react-router';
import type { CreatedRecord } from '../use-admin-create-form.ts';

type Props = {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The create request is in flight: the CREATE button shows its loader. */
  submitting: boolean;
  children: ReactNode;
  /** The record the last CREATE made: named above the emptied form with a link to it. */
  created?: CreatedRecord | null;
};

/** The card of the admin create forms (docs/product.md §A5): the fields in a column, then CREATE on the right. */
export function CreateFormCard({ onSubmit, submitting, children, created = null }: Props) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
      {created && (
        <Alert color="teal" variant="light" mb="md" role="status">
          <Text size="sm">
            Created {created.label}.{' '}
            <Anchor component={Link} to={created.to} fw={600}>
              Open it
            </Anchor>
          </Text>
        </Alert>
      )}
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
