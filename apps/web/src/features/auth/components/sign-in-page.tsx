import { type LoginInput, MESSAGES } from '@dd/domain';
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
import { useDocumentTitle } from '@mantine/hooks';
import { type ChangeEvent, type FormEvent, type ReactNode, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api-client.ts';
import { safeNext } from '../../../lib/safe-next.ts';
import { useLogin } from '../api/login.ts';

type SignInValues = { login: string; password: string; remember: boolean };

type FieldErrors = Partial<Record<string, ReactNode>>;

// The rules load beside the form, not before it (sign-in-rules.ts); a submit waits for them if needed.
const loadRules = () => import('./sign-in-rules.ts');
const preloadRules = () => void loadRules().catch(() => undefined);

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

  // Plain state rather than @mantine/form: the form is three fields, and the page then needs no forms
  // library before its first paint (docs/adr/0029). An edit clears that field's error, as useForm did.
  const [values, setValues] = useState<SignInValues>({ login: '', password: '', remember: true });
  const [errors, setErrors] = useState<FieldErrors>({});
  const setField = <K extends keyof SignInValues>(name: K, value: SignInValues[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
  };
  const textProps = (name: 'login' | 'password') => ({
    value: values[name],
    error: errors[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setField(name, event.currentTarget.value),
    onFocus: preloadRules,
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = toLoginInput(values);
    void loadRules().then(({ validateLogin }) => {
      const found = validateLogin(input);
      setErrors(found);
      if (Object.keys(found).length > 0) return;
      setFormError(null);
      signIn.mutate(input, {
        onSuccess: () => navigate(safeNext(searchParams.get('next')), { replace: true }),
        onError: (error) => {
          const failure = describeFailure(error);
          if (failure.field) {
            const field = failure.field;
            setErrors((current) => ({ ...current, [field]: failure.message }));
          } else setFormError(failure.message);
        },
      });
    });
  };

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
            {...textProps('login')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            withAsterisk={false}
            visibilityToggleFocusable
            visibilityToggleButtonProps={{ 'aria-label': 'Show password' }}
            {...textProps('password')}
          />
          <Group justify="space-between" gap="sm">
            <Checkbox
              label="Remember me"
              checked={values.remember}
              onChange={(event) => setField('remember', event.currentTarget.checked)}
            />
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
