import { TASK_STATUS } from './task-status.ts';

/**
 * The product owner's review of delivered work (docs/adr/0021-delivery-review-and-report.md): the
 * project's clients see the board's delivered, accepted and rejected tasks (statuses 4, 5, 6) and decide
 * on the delivered ones. Nothing else of the board reaches them.
 */
export const DELIVERY_STATUS_NAMES = { 4: 'delivered', 5: 'accepted', 6: 'rejected' } as const;
export type DeliveryStatus = (typeof DELIVERY_STATUS_NAMES)[keyof typeof DELIVERY_STATUS_NAMES];
export const DELIVERY_TASK_STATUSES: readonly number[] = [
  TASK_STATUS.delivered,
  TASK_STATUS.accepted,
  TASK_STATUS.rejected,
];

/** Deliveries per page of GET /api/project/{id}/deliveries, the web's page size and the API's default. */
export const DELIVERY_PAGE_SIZE = 15;

export const DELIVERY_DECISIONS = ['accept', 'reject'] as const;
export type DeliveryDecision = (typeof DELIVERY_DECISIONS)[number];

export const DELIVERY_MESSAGES = {
  alreadyDecided:
    'This task is no longer waiting for a decision: someone else has already accepted or rejected it.',
  reasonRequired: 'Please say why you reject this delivery',
  reviewTitle: 'Waiting for your review',
  emptyDecisions: 'No decisions yet',
} as const;

export function deliveryStatusOf(taskStatusId: number): DeliveryStatus | null {
  return DELIVERY_STATUS_NAMES[taskStatusId as keyof typeof DELIVERY_STATUS_NAMES] ?? null;
}
