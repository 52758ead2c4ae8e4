import { type DeliveryResource, deliveryStatusOf } from '@dd/domain';
import { renderMarkdownHtml } from '../../lib/render-markdown.ts';
import type { DeliveryRow } from './delivery-queries.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Every field a delivery carries: what the product owner needs to decide, nothing else of the board
 * (no owner, no e-mail, no tags, no priority).
 */
export function presentDelivery(row: DeliveryRow): DeliveryResource {
  return {
    type: 'delivery',
    id: String(row.id),
    attributes: {
      title: row.title,
      description: row.description ?? '',
      // Rendered here, kept with the page in the review list's cache (docs/adr/0032, docs/adr/0034).
      'description-html': renderMarkdownHtml(row.description ?? ''),
      'task-type': row.taskType,
      status: deliveryStatusOf(row.taskStatusId) ?? 'delivered',
      estimate: row.estimate,
      'delivered-at': iso(row.deliveredAt),
      'delivered-by-name': row.deliveredByName,
      'decided-at': iso(row.decidedAt),
      'decided-by-name': row.decidedByName,
      reason: row.reason,
    },
  };
}
