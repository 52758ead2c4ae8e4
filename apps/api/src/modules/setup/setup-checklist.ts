import { NEW_INSTALL_WORK_HOURS, type SetupChecklistItem, WORK_HOURS } from '@dd/domain';
import type { Db } from '../../db/client.ts';
import { addressOf, mailDomainOf, senderDomainProblem } from '../mail/sender.ts';
import { loadWorkHours } from '../scheduled-calls/work-hours.ts';
import { defaultAccountManagerId } from '../settings/default-account-manager.ts';

const LOCAL = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/i;

/**
 * What a new install still lacks for leads and calls to reach people: a default account manager (every
 * new lead gets one, else only admins hear of it), work hours chosen by an admin (still the installed
 * default), SMTP (mail is only kept in the outbox without it), a public address (links in mails) and a
 * sender at a domain that can receive mail (docs/product.md §D10: not localhost, not an IP address).
 */
export async function setupChecklist(
  db: Db,
  config: { smtpUrl: string | null; publicUrl: string; mailFrom: string },
): Promise<Array<{ item: SetupChecklistItem; done: boolean; detail: string | null }>> {
  const [manager, hours] = await Promise.all([defaultAccountManagerId(db), loadWorkHours(db)]);
  // Either default: a new install's (docs/product.md §F1) or the one installs seeded earlier got.
  const stillDefault = [NEW_INSTALL_WORK_HOURS, WORK_HOURS].some(
    (d) => JSON.stringify(hours) === JSON.stringify(d),
  );
  return [
    { item: 'default-account-manager', done: manager !== null, detail: null },
    { item: 'work-hours', done: !stillDefault, detail: null },
    { item: 'smtp', done: config.smtpUrl !== null, detail: null },
    { item: 'public-url', done: !LOCAL.test(config.publicUrl), detail: null },
    {
      item: 'mail-sender',
      done: senderDomainProblem(mailDomainOf(config.mailFrom)) === null,
      detail: addressOf(config.mailFrom),
    },
  ];
}
