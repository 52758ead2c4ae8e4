import {
  addTeamMemberSchema,
  isAllowedAvatarFileName,
  type TeamMemberRole,
  unableToAddRole,
} from '@dd/domain';
import { Button, FileInput, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { addTeamMember } from '../api/add-team-member.ts';
import { projectQueryKey } from '../api/get-project.ts';
import { teamCandidatesQueryKey } from '../api/get-team-candidates.ts';
import { MEMBER_ROLE_WORDS } from './member-role-words.ts';

type Errors = Partial<Record<'avatar' | 'name' | 'email', string>>;

type Props = {
  projectId: number;
  role: TeamMemberRole | null;
  onClose: () => void;
  /** The new person's id, once created and on the team. */
  onAdded: (role: TeamMemberRole, userId: number) => void;
};

/**
 * Add developer / add project manager (docs/product.md §C2, §C5, §C8): avatar, name and e-mail, with the product's
 * messages; the avatar goes through POST /api/image/upload. A failure toasts each server error title,
 * or 'Unable to add {role} to project' when there is none.
 */
export function AddTeamMemberModal({ projectId, role, onClose, onAdded }: Props) {
  const queryClient = useQueryClient();
  const [avatar, setAvatar] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [pending, setPending] = useState(false);
  const words = role ? MEMBER_ROLE_WORDS[role] : '';

  const close = () => {
    setAvatar(null);
    setName('');
    setEmail('');
    setErrors({});
    onClose();
  };

  const submit = async () => {
    if (!role) return;
    const parsed = addTeamMemberSchema.safeParse({ avatar: avatar?.name ?? '', name, email });
    if (!parsed.success || !avatar) {
      const next: Errors = {};
      for (const issue of parsed.success ? [] : parsed.error.issues) {
        const field = issue.path[0] as keyof Errors;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const userId = await addTeamMember({ projectId, role, ...parsed.data, avatar });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: projectQueryKey(projectId) }),
        queryClient.invalidateQueries({ queryKey: teamCandidatesQueryKey(role) }),
      ]);
      onAdded(role, userId);
      close();
    } catch (error) {
      const titles = isApiError(error) ? error.errors.map((e) => e.title).filter(Boolean) : [];
      if (titles.length === 0) notifyError(unableToAddRole(words));
      for (const title of titles) notifyError(String(title));
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal opened={role !== null} onClose={close} title={`Add ${words}`}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <FileInput
            label="Avatar"
            placeholder="Choose a .jpg, .png or .gif image"
            accept="image/png,image/jpeg,image/gif"
            value={avatar}
            onChange={(file) => {
              setAvatar(file);
              setErrors((e) => ({
                ...e,
                avatar:
                  file && !isAllowedAvatarFileName(file.name) ? addTeamMemberErrorFor(file.name) : undefined,
              }));
            }}
            error={errors.avatar}
            required
            clearable
          />
          <TextInput
            label="Name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
            required
            autoComplete="off"
          />
          <TextInput
            label="Email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
            required
            autoComplete="off"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              Add {words}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The file-type message for a chosen file, from the shared schema (docs/product.md §C5). */
function addTeamMemberErrorFor(fileName: string): string | undefined {
  const parsed = addTeamMemberSchema.shape.avatar.safeParse(fileName);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}
