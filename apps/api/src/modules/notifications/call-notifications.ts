import type { NotificationKind } from '@dd/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notify, rowsOf } from './notify.ts';
import { projectStaffRecipients } from './recipients.ts';

type Call = { id: number; projectId: number; userId: number };
/** What happened to a call: booked by the client, or one of the changes of modules/scheduled-calls. */
export type CallHappening = 'booked' | 'awaiting-approval' | 'approved' | 'declined' | 'cancelled' | 'moved';

async function names(tx: Pick<Db, 'execute'>, call: Call, clientId: number) {
  const [row] = await rowsOf<{ title: string; client: string }>(
    tx,
    sql`select p.title, u.name as client from projects p, users u
        where p.id = ${call.projectId} and u.id = ${clientId}`,
  );
  return { title: row?.title ?? 'a project', client: row?.client ?? 'The client' };
}

/**
 * Tells the other side of a discovery call, inside the change's transaction: what a client of the project
 * does (book, move, cancel) goes to the project's account manager, else every admin, linking to the Calls
 * screen; what staff do goes to the client who booked it, linking to their project.
 */
export async function notifyCall(
  tx: Pick<Db, 'execute' | 'select'>,
  input: {
    call: Call;
    happening: CallHappening;
    actorId: number;
    at: Date;
    /** A client of the project acted; unset: the client who booked it did, else staff. */
    byClient?: boolean | undefined;
  },
): Promise<void> {
  const { call, happening, at } = input;
  const byClient = input.byClient ?? input.actorId === call.userId;
  // The bell names the client who acted (the owner or another client user of the project).
  const { title, client } = await names(tx, call, byClient ? input.actorId : call.userId);
  const common = { subject: { type: 'call' as const, id: call.id }, projectId: call.projectId, at };
  if (byClient) {
    const staff: Partial<Record<CallHappening, [NotificationKind, string]>> = {
      booked: ['call-booked', `${client} booked a discovery call for "${title}"`],
      'awaiting-approval': [
        'call-awaiting-approval',
        `${client} asked for a discovery call for "${title}": it waits for your approval`,
      ],
      moved: ['call-moved-by-client', `${client} moved the discovery call for "${title}"`],
      cancelled: ['call-cancelled-by-client', `${client} cancelled the discovery call for "${title}"`],
    };
    const what = staff[happening];
    if (!what) return;
    await notify(tx, {
      kind: what[0],
      title: what[1],
      recipients: await projectStaffRecipients(tx, call.projectId),
      link: '/calls',
      ...common,
    });
    return;
  }
  const toClient: Partial<Record<CallHappening, [NotificationKind, string]>> = {
    approved: ['call-approved', `Your discovery call for "${title}" is confirmed`],
    declined: ['call-declined', `Your discovery call request for "${title}" was declined`],
    moved: ['call-changed-by-staff', `Your discovery call for "${title}" was moved`],
    cancelled: ['call-changed-by-staff', `Your discovery call for "${title}" was cancelled`],
  };
  const what = toClient[happening];
  if (!what) return;
  await notify(tx, {
    kind: what[0],
    title: what[1],
    recipients: [call.userId],
    link: `/project/daily-updates/${call.projectId}`,
    ...common,
  });
}
