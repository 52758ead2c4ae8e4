import { PAGE_SIZE } from '@dd/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { read } from '../../../lib/api-client.ts';

export type MailRow = {
  id: number;
  to: string;
  subject: string;
  /** 'queued' | 'sent' | 'failed' | 'logged' (no SMTP_URL). */
  status: string;
  /** Why the last attempt failed (with status 'failed'). */
  error: string | null;
  attempts: number;
  /** When a failed mail is tried again; null once given up (or not failed). */
  nextAttempt: string | null;
  sent: string | null;
  text: string;
  created: string;
};
export type MailOutboxQuery = { page: number; sort: string };

/** Sort fields GET /api/mail-outbox/search accepts. */
export const MAIL_OUTBOX_SORT_FIELDS = ['created', 'to', 'subject', 'status'] as const;

/** GET /api/mail-outbox/search. A failed load is logged and thrown, so the table says so. */
export async function getMailOutbox({ page, sort }: MailOutboxQuery) {
  try {
    const { data, meta } = await read('GET /api/mail-outbox/search', {
      params: { page: { page, size: PAGE_SIZE }, sort },
      suppressErrorToast: true,
    });
    const rows: MailRow[] = data.map((m) => ({
      id: Number(m.id),
      to: m.to,
      subject: m.subject,
      status: m.status,
      error: m.error,
      attempts: m.attempts,
      nextAttempt: m.nextAttempt,
      sent: m.sent,
      text: m.text,
      created: m.created,
    }));
    return { rows, pageCount: meta.pageCount };
  } catch (error) {
    console.error('Loading the mail outbox failed', error);
    // Logged (docs/product.md §A8), then thrown: the table shows an error with a Retry, not empty (docs/product.md §F5).
    throw error;
  }
}

export const mailOutboxQueryOptions = (query: MailOutboxQuery) =>
  queryOptions({
    queryKey: ['mail-outbox', 'table', query],
    queryFn: () => getMailOutbox(query),
    placeholderData: keepPreviousData,
  });

export function useMailOutbox(query: MailOutboxQuery) {
  return useQuery(mailOutboxQueryOptions(query));
}
