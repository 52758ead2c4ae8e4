import type { TeamMemberRole } from '@dd/domain';
import { read, toDocument } from '../../../lib/api-client.ts';
import { uploadImage } from '../../../lib/upload-image.ts';

export type NewMemberInput = {
  projectId: number;
  role: TeamMemberRole;
  name: string;
  email: string;
  avatar: File;
};

/**
 * Add developer / add project manager (docs/product.md §C7): the avatar goes to POST /api/image/upload
 * (data.url comes back), then POST /api/project/{id}/team-member creates the person and adds them to
 * the team. Errors are left to the modal, which toasts each server error title.
 */
export async function addTeamMember(input: NewMemberInput): Promise<number> {
  const url = await uploadImage(input.avatar, { suppressErrorToast: true });
  const { data } = await read('POST /api/project/{id}/team-member', {
    path: { id: input.projectId },
    body: toDocument('user', { role: input.role, name: input.name, email: input.email, avatar: url }),
    suppressErrorToast: true,
  });
  return Number(data.id);
}
