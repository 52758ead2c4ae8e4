import {
  type ChangePasswordFormInput,
  changePasswordFormSchema,
  MESSAGES,
  RESET_TOKEN_TTL_MS,
} from '@dd/domain';
import { Button, Loader, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useChangePassword } from '../api/change-password.ts';
import { useResetToken } from '../api/check-reset-token.ts';

const validatePasswords = schemaResolver(changePasswordFormSchema, { sync: true });

/**
 * /login/change-password?token=: the token is checked on load; a bad one puts the page in the
 * invalid-token state: no form, and not the token check's own text (docs/product.md §C8), but our words
 * saying the link is invalid or used and a way to ask for a new one (docs/product.md §F5). A check that could
 * not be made (network, server) says so and offers a retry.
 * Saving signs the user in, and the login guard then takes them home.
 */
export function ChangePasswordPage() {
  useDocumentTitle('Change password · Delivery Desk');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const check = useResetToken(token);
  const change = useChangePassword();
  const [tokenRejected, setTokenRejected] = useState(false);
  const form = useForm<ChangePasswordFormInput>({
    mode: 'controlled',
    initialValues: { password: '', confirm: '' },
    validate: (values) => validatePasswords(values),
  });

  const userId = check.data ?? null;
  const invalidToken = token === '' || tokenRejected || (check.isSuccess && userId === null);

  const submit = form.onSubmit(({ password }) => {
    if (userId === null) return;
    change.mutate(
      { userId, token, password },
      {
        onError: (error) => {
          if (isApiError(error) && error.pointerField === 'token') setTokenRejected(true);
          else if (isApiError(error) && error.pointerField === 'password')
            form.setFieldError('password', error.firstError?.title ?? MESSAGES.passwordMin);
          else notifyError(MESSAGES.genericError);
        },
      },
    );
  });

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Create a new password
      </Title>

      {invalidToken ? (
        <Stack gap="md">
          <Paper withBorder radius="md" p="md" role="status">
            <Text fw={700} mb={4}>
              This link no longer works
            </Text>
            <Text size="sm">
              The password reset link is invalid or has already been used. Each link works once, for{' '}
              {Math.round(RESET_TOKEN_TTL_MS / 60_000)} minutes. Ask for a new one and we e-mail it to you.
            </Text>
          </Paper>
          <Button component={Link} to="/login/forgot-password" size="md" fullWidth>
            Request a new link
          </Button>
        </Stack>
      ) : check.isError ? (
        <Stack gap="md" role="alert">
          <Text>We could not check your link. Check your connection and try again.</Text>
          <Button size="md" variant="light" onClick={() => void check.refetch()} loading={check.isFetching}>
            Retry
          </Button>
        </Stack>
      ) : check.isPending ? (
        <Loader size="sm" aria-label="Checking your link" />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              visibilityToggleButtonProps={{ 'aria-label': 'Show password' }}
              {...form.getInputProps('password')}
            />
            <PasswordInput
              label="Repeat new password"
              autoComplete="new-password"
              visibilityToggleButtonProps={{ 'aria-label': 'Show repeated password' }}
              {...form.getInputProps('confirm')}
            />
            <Button type="submit" size="md" fullWidth loading={change.isPending}>
              Save and sign in
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
