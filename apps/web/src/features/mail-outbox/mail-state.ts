import { formatDateTime } from '@dd/domain';
import type { MailRow } from './api/get-mail-outbox.ts';

/**
 * What the outbox says of one mail's delivery (docs/product.md §D9): queued, sent, logged (no SMTP server set),
 * failed and retried at a time, or failed for good after its last attempt.
 */
export function mailState(m: Pick<MailRow, 'status' | 'attempts' | 'nextAttempt'>): string {
  const tries = `${m.attempts} ${m.attempts === 1 ? 'attempt' : 'attempts'}`;
  switch (m.status) {
    case 'queued':
      return 'Queued';
    case 'sent':
      return m.attempts > 1 ? `Sent after ${tries}` : 'Sent';
    case 'logged':
      return 'Logged (no SMTP)';
    case 'failed':
      return m.nextAttempt
        ? `Failed (${tries}), retry ${formatDateTime(m.nextAttempt)}`
        : `Failed (${tries}), given up`;
    default:
      return m.status;
  }
}
