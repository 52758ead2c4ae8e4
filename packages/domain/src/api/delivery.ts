import { z } from 'zod';
import { resourceSchema } from './jsonapi.ts';

/** The product owner's review of delivered tasks (docs/adr/0021-delivery-review-and-report.md). */

const isoDateTime = z.string();

export const deliveryResourceSchema = resourceSchema(
  'delivery',
  z.object({
    title: z.string(),
    /** markdown */
    description: z.string(),
    /** The description as sanitised HTML, as an update's (docs/adr/0034). */
    'description-html': z.string(),
    /** Bug, Blocker, Feature or null */
    'task-type': z.string().nullable(),
    status: z.enum(['delivered', 'accepted', 'rejected']),
    /** a decimal, as text (e.g. '2.5'); clients see estimates of delivered work only */
    estimate: z.string().nullable(),
    'delivered-at': isoDateTime.nullable(),
    'delivered-by-name': z.string().nullable(),
    'decided-at': isoDateTime.nullable(),
    'decided-by-name': z.string().nullable(),
    reason: z.string().nullable(),
  }),
);
export type DeliveryResource = z.infer<typeof deliveryResourceSchema>;

export const deliveryDocumentSchema = z.object({ data: deliveryResourceSchema });
export const deliveryListDocumentSchema = z.object({
  data: z.array(deliveryResourceSchema),
  // has-more: a next page exists (the page asked for one more row); total: the waiting count, for
  // status=waiting only, the review card's badge. The decided list grows without end and is never
  // counted (docs/adr/0027-report-and-chat-costs.md).
  meta: z.object({ 'has-more': z.boolean(), total: z.number().int().optional() }),
});
export type DeliveryListDocument = z.infer<typeof deliveryListDocumentSchema>;
