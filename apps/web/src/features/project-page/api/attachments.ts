import { LABELS } from '@dd/domain';
import { read, toDocument } from '../../../lib/api-client.ts';

/** POST /api/link/create then POST /api/project/{id}/relationships/link (docs/product.md §C7). */
export async function addProjectLink(projectId: number, url: string): Promise<number> {
  const { data } = await read('POST /api/link/create', {
    body: toDocument('link', { title: LABELS.projectLinkTitle, url }),
    suppressErrorToast: true,
  });
  await read('POST /api/project/{id}/relationships/link', {
    path: { id: projectId },
    body: { data: [{ type: 'link', id: data.id }] },
    suppressErrorToast: true,
  });
  return Number(data.id);
}

/** DELETE /api/project/{id}/file/{fileId} or /link/{linkId}. */
export async function deleteAttachment(projectId: number, kind: 'file' | 'link', id: number): Promise<void> {
  if (kind === 'file')
    await read('DELETE /api/project/{id}/file/{fileId}', { path: { id: projectId, fileId: id } });
  else await read('DELETE /api/project/{id}/link/{linkId}', { path: { id: projectId, linkId: id } });
}

/** The download button follows this link: the server answers with Content-Disposition: attachment. */
export const fileDownloadUrl = (fileId: number) => `/api/file/${fileId}/download`;
