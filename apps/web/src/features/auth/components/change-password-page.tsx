import { type ChangePasswordFormInput, changePasswordFormSchema, MESSAGES } from '@dd/domain';
import { Anchor, Button, Loader, PasswordInput, Stack, Text, Title } from '@mantine/core';
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
 * invalid-token state (no message, no form: client spec §8), with a way to ask for a new link.
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
        <Text>
          <Anchor component={Link} to="/login/forgot-password" fw={600}>
            Request a new link
          </Anchor>
        </Text>
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
