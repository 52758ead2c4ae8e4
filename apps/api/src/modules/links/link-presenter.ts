import type { Resource } from '../../lib/jsonapi/document.ts';

export type LinkRow = { id: number; title: string; url: string; createdAt: Date };

export function presentLink(link: LinkRow, attachedAt?: Date): Resource {
  return {
    type: 'link',
    id: String(link.id),
    attributes: {
      title: link.title,
      url: link.url,
      'relationship-created': (attachedAt ?? link.createdAt).toISOString(),
    },
  };
}
