import { z } from 'zod';
import { DELIVERY_MESSAGES } from '../delivery.ts';
import { TEXT_MAX } from '../limits.ts';
import { cappedText, textField } from './fields.ts';

// Request schemas of the delivery review, apart from its zod-free rules in ../delivery.ts: the project
// page shows the review on its first screen and loads zod only with the reject form (docs/adr/0029).

/** The reason of a rejection: required, up to a few pages of text (it becomes a task comment). */
export const rejectReasonField = textField(DELIVERY_MESSAGES.reasonRequired, 1, TEXT_MAX.long);
export const deliveryRejectSchema = z.object({ reason: rejectReasonField });
export type DeliveryRejectInput = z.infer<typeof deliveryRejectSchema>;
/** Accept takes no reason; one sent anyway is kept with the decision. */
export const deliveryAcceptSchema = z.object({ reason: cappedText(TEXT_MAX.long).optional() });
