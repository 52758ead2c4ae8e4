import type { Resource } from '../../lib/jsonapi/document.ts';

export type FileMeta = { id: number; title: string; mime: string; size: number; createdAt: Date };

/** File metadata only: the bytes never travel with a project or a list. */
export function presentFileMeta(file: FileMeta): Resource {
  return {
    type: 'file',
    id: String(file.id),
    attributes: {
      title: file.title,
      size: file.size,
      mime: file.mime,
      'relationship-created': file.createdAt.toISOString(),
    },
  };
}
