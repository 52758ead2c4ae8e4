import { type LoginInput, loginSchema, MESSAGES } from '@dd/domain';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api-client.ts';
import { safeNext } from '../../../lib/safe-next.ts';
import { useLogin } from '../api/login.ts';

type SignInValues = { login: string; password: string; remember: boolean };

const validateLogin = schemaResolver(loginSchema, { sync: true });

/** What a failed login shows, and where (docs/product.md §C5, §C8): under the field the server points at. */
function describeFailure(error: unknown): { field?: 'login' | 'password'; message: string } {
  if (!isApiError(error)) return { message: MESSAGES.genericError };
  if (error.status === 429) return { message: error.firstError?.title ?? MESSAGES.genericError };
  if (error.pointerField === 'login') return { field: 'login', message: MESSAGES.loginInvalid };
  if (error.pointerField === 'password') return { field: 'password', message: MESSAGES.passwordIncorrect };
  if (error.status === 401 || error.status === 422) {
    return { field: 'password', message: MESSAGES.passwordIncorrect };
  }
  return { message: MESSAGES.genericError };
}

const toLoginInput = (values: SignInValues): LoginInput => ({
  login: values.login,
  password: values.password,
  remember: values.remember ? '1' : '0',
});

/** /login/signin: login and password, remember me, links to forgot password and to get started. */
export function SignInPage() {
  useDocumentTitle('Sign in · Delivery Desk');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const signIn = useLogin();
  const [formError, setFormError] = useState<string | null>(null);

  const form = useForm<SignInValues>({
    mode: 'controlled',
    initialValues: { login: '', password: '', remember: true },
    validate: (values) => validateLogin(toLoginInput(values)),
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    signIn.mutate(toLoginInput(values), {
      onSuccess: () => navigate(safeNext(searchParams.get('next')), { replace: true }),
      onError: (error) => {
        const failure = describeFailure(error);
        if (failure.field) form.setFieldError(failure.field, failure.message);
        else setFormError(failure.message);
      },
    });
  });

  return (
    <Stack gap="lg">
      <nav aria-label="Account">
        <Group gap={4} p={4} bg="gray.1" style={{ borderRadius: 'var(--mantine-radius-md)' }} grow>
          <Button
            component={Link}
            to="/login/signin"
            aria-current="page"
            variant="white"
            color="dark"
            size="sm"
          >
            Sign in
          </Button>
          <Button component={Link} to="/get-started" variant="subtle" color="dark" size="sm">
            Get started
          </Button>
        </Group>
      </nav>

      <Stack gap={6}>
        <Title order={1} size="h2">
          Welcome back
        </Title>
        <Text c="dimmed">Sign in to follow your project and talk to your team.</Text>
      </Stack>

      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {formError && (
            <Alert color="red" variant="light" role="alert" title="Sign-in failed">
              {formError}
            </Alert>
          )}
          <TextInput
            label="Login"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
            withAsterisk={false}
            {...form.getInputProps('login')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            withAsterisk={false}
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': 'Show password' }}
            {...form.getInputProps('password')}
          />
          <Group justify="space-between" gap="sm">
            <Checkbox label="Remember me" {...form.getInputProps('remember', { type: 'checkbox' })} />
            <Anchor component={Link} to="/login/forgot-password" size="sm" fw={600}>
              Forgot password?
            </Anchor>
          </Group>
          <Button type="submit" size="md" fullWidth loading={signIn.isPending} mt="xs">
            Sign in
          </Button>
        </Stack>
      </form>

      <Text size="sm" c="dimmed" ta="center">
        New here?{' '}
        <Anchor component={Link} to="/get-started" fw={600}>
          Start a project
        </Anchor>{' '}
        — no-risk trial, pay only if satisfied.
      </Text>
    </Stack>
  );
}
