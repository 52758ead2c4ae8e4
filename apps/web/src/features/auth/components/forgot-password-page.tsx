import { forgotPasswordSchema, MESSAGES, sanitizeForgotEmailInput } from '@dd/domain';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api-client.ts';
import { useRequestPasswordReset } from '../api/forgot-password.ts';

const validateEmail = schemaResolver(forgotPasswordSchema, { sync: true });

/** /login/forgot-password: one e-mail field; on success the form gives way to the product's text. */
export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password · Delivery Desk');
  const reset = useRequestPasswordReset();
  const [sent, setSent] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: (values) => validateEmail(values),
  });

  const submit = form.onSubmit(({ email }) => {
    setFormError(null);
    reset.mutate(email, {
      onSuccess: () => setSent(true),
      onError: (error) => {
        // Client docs/product.md §C8: source 'email' is the unknown address; a malformed one has its own text;
        // anything else is only logged (a rate limit still tells the user to wait).
        if (isApiError(error) && error.pointerField === 'email') {
          form.setFieldError(
            'email',
            error.firstError?.code === 'email_not_found' ? MESSAGES.emailNotFound : MESSAGES.emailInvalid,
          );
        } else if (isApiError(error) && error.status === 429) {
          setFormError(error.firstError?.title ?? MESSAGES.genericError);
        } else {
          console.error('Password reset request failed', error);
        }
      },
    });
  });

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={1} size="h2">
          Forgot your password?
        </Title>
        {!sent && (
          <Text c="dimmed">Enter the e-mail address of your account and we will send you a link.</Text>
        )}
      </Stack>

      {sent ? (
        <Alert color="teal" variant="light" role="status">
          {MESSAGES.forgotSuccess}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {formError && (
              <Alert color="red" variant="light" role="alert">
                {formError}
              </Alert>
            )}
            <TextInput
              label="E-mail"
              type="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              {...form.getInputProps('email')}
              onChange={(event) =>
                form.setFieldValue('email', sanitizeForgotEmailInput(event.currentTarget.value))
              }
            />
            <Button type="submit" size="md" fullWidth loading={reset.isPending}>
              Send reset link
            </Button>
          </Stack>
        </form>
      )}

      <Text size="sm" ta="center">
        <Anchor component={Link} to="/login/signin" fw={600}>
          Back to sign in
        </Anchor>
      </Text>
    </Stack>
  );
}
