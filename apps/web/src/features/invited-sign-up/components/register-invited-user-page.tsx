import {
  type InvitedSignUpFormInput,
  invitedSignUpEmailErrorText,
  invitedSignUpFormSchema,
  isValidEmail,
  LABELS,
  MESSAGES,
} from '@dd/domain';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Container,
  FileInput,
  Group,
  Loader,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { readAsDataUrl } from '../../../lib/upload-image.ts';
import { useInvitation } from '../api/get-invitation.ts';
import { useTimezones } from '../api/get-timezones.ts';
import { useRegisterInvitedUser } from '../api/register-invited-user.ts';

const validateSignUp = schemaResolver(invitedSignUpFormSchema, { sync: true });
const IMAGE_TYPES = 'image/png,image/jpeg,image/gif';
const browserTimezone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * /register-invited-user?token=: the invited person creates a client account (docs/product.md §A2, §A5, §A8).
 * The e-mail comes from the invitation and cannot be changed; CREATE signs them in, and the session
 * then lands them on the invited project.
 */
export function RegisterInvitedUserPage() {
  useDocumentTitle('Sign up · Delivery Desk');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const invitation = useInvitation(token);
  const timezones = useTimezones();
  const register = useRegisterInvitedUser();
  const [avatarFile, setAvatarFile] = useState<File | null>(null);
  const [invitationSpent, setInvitationSpent] = useState(false);

  const form = useForm<InvitedSignUpFormInput>({
    mode: 'controlled',
    initialValues: { email: '', name: '', phone: '', timezone: '', password: '' },
    validate: (values) => validateSignUp(values),
  });

  const invitedEmail = invitation.data?.email;
  // biome-ignore lint/correctness/useExhaustiveDependencies: prefill once when the invitation arrives.
  useEffect(() => {
    if (invitedEmail) form.setFieldValue('email', invitedEmail);
  }, [invitedEmail]);

  const zones = timezones.data;
  // The browser's zone is preselected when the list knows it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: preselect once when the list arrives.
  useEffect(() => {
    const zone = browserTimezone();
    if (zones?.includes(zone) && !form.getValues().timezone) form.setFieldValue('timezone', zone);
  }, [zones]);

  const submit = form.onSubmit(async (values) => {
    let avatar: string | undefined;
    if (avatarFile) {
      try {
        avatar = await readAsDataUrl(avatarFile);
      } catch {
        form.setFieldError('avatar', MESSAGES.uploadError);
        return;
      }
    }
    register.mutate(
      { ...values, avatar, token },
      {
        onError: (error) => {
          const field = isApiError(error) ? error.pointerField : undefined;
          const title = isApiError(error) ? error.firstError?.title : undefined;
          if (field === 'token') setInvitationSpent(true);
          else if (field === 'email')
            form.setFieldError(
              'email',
              invitedSignUpEmailErrorText(
                isApiError(error) ? error.firstError?.code : undefined,
                isValidEmail(values.email),
              ),
            );
          else if (field === 'avatar') form.setFieldError('avatar', title ?? MESSAGES.avatarExtension);
          else if (field && field in values) form.setFieldError(field, title ?? MESSAGES.genericError);
          else notifyError(MESSAGES.genericError);
        },
      },
    );
  });

  const invalid = token === '' || invitationSpent || (invitation.isSuccess && invitation.data === null);

  return (
    <Container size={480} px="md" py={{ base: 'xl', sm: 56 }}>
      <Box
        bg="white"
        p={{ base: 'lg', sm: 36 }}
        style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-lg)' }}
      >
        <Stack gap="lg">
          <Title order={1} size="h2">
            {MESSAGES.signUpHeading}
          </Title>

          {invalid ? (
            <Alert color="gray" variant="light" role="status">
              <Text size="sm">
                This invitation link is invalid, has expired or was already used. Ask your project manager for
                a new one, or{' '}
                <Anchor component={Link} to="/login/signin" fw={600}>
                  sign in
                </Anchor>
                .
              </Text>
            </Alert>
          ) : invitation.isPending ? (
            <Loader size="sm" aria-label="Checking your invitation" />
          ) : (
            <form onSubmit={submit} noValidate>
              <Stack gap="md">
                <TextInput label="Email" type="email" disabled {...form.getInputProps('email')} />
                <TextInput label="Full name" autoComplete="name" {...form.getInputProps('name')} />
                <TextInput label="Phone" type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
                <Select
                  label="Time zone"
                  searchable
                  data={timezones.data ?? []}
                  nothingFoundMessage="No matching time zone"
                  placeholder={timezones.isPending ? 'Loading…' : 'Pick your time zone'}
                  comboboxProps={{ withinPortal: true }}
                  allowDeselect={false}
                  {...form.getInputProps('timezone')}
                />
                <PasswordInput
                  label="Password"
                  autoComplete="new-password"
                  visibilityToggleButtonProps={{ 'aria-label': 'Show password' }}
                  {...form.getInputProps('password')}
                />
                <FileInput
                  label="Avatar (optional)"
                  accept={IMAGE_TYPES}
                  clearable
                  placeholder="Pick an image"
                  value={avatarFile}
                  onChange={(file) => {
                    setAvatarFile(file);
                    form.clearFieldError('avatar');
                  }}
                  error={form.errors.avatar}
                />
                <Group justify="flex-end" gap="sm" mt="xs">
                  <Button variant="default" onClick={() => navigate('/login/signin')}>
                    {LABELS.buttons.cancel}
                  </Button>
                  <Button type="submit" loading={register.isPending}>
                    {LABELS.buttons.create}
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
        </Stack>
      </Box>
    </Container>
  );
}
