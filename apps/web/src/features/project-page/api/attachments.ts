import { LABELS } from '@dd/domain';
import { api, toDocument } from '../../../lib/api-client.ts';

/** POST /api/link/create then POST /api/project/{id}/relationships/link (docs/product.md §C7). */
export async function addProjectLink(projectId: number, url: string): Promise<number> {
  const { data } = await api.post<{ id: string }>(
    '/link/create',
    toDocument('link', { title: LABELS.projectLinkTitle, url }),
    { suppressErrorToast: true },
  );
  await api.post(
    `/project/${projectId}/relationships/link`,
    { data: [{ type: 'link', id: data.id }] },
    { suppressErrorToast: true },
  );
  return Number(data.id);
}

/** DELETE /api/project/{id}/file/{fileId} or /link/{linkId}. */
export async function deleteAttachment(projectId: number, kind: 'file' | 'link', id: number): Promise<void> {
  await api.delete(`/project/${projectId}/${kind}/${id}`);
}

/** The download button follows this link: the server answers with Content-Disposition: attachment. */
export const fileDownloadUrl = (fileId: number) => `/api/file/${fileId}/download`;
