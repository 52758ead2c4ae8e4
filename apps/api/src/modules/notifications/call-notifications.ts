import type { NotificationKind } from '@dd/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { intArray, notifyCtes, notifyDone } from './notify.ts';

type Call = { id: number; projectId: number; userId: number };
/** What happened to a call: booked by the client, or one of the changes of modules/scheduled-calls. */
export type CallHappening = 'booked' | 'awaiting-approval' | 'approved' | 'declined' | 'cancelled' | 'moved';

/**
 * The names a call's notification reads (its project's title, the client who acted), as a CTE of the
 * notification's own statement: a booking reads nothing more inside its turn (docs/adr/0032).
 */
const callNames = (call: Call, clientId: number) => sql`
    call_names as (
      select p.title, u.name as client from projects p, users u
      where p.id = ${call.projectId} and u.id = ${clientId}
    )`;
/** A title written with `client` and `title` as format() placeholders, filled from call_names. */
const CLIENT = '%1$s';
const TITLE = '%2$s';
const filledTitle = (template: string) =>
  sql`format(${template}::text, coalesce((select client from call_names), 'The client'),
    coalesce((select title from call_names), 'a project'))`;
/** Who hears about a client's change: the project's account manager while active, else every admin. */
const staffRecipientIds = (projectId: number) => sql`coalesce(
    (select array[u.id] from projects p join users u on u.id = p.account_manager_id and u.is_active
     where p.id = ${projectId}),
    (select coalesce(array_agg(id order by id), '{}') from users
     where role in ('admin', 'superAdmin') and is_active))::int[]`;

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
  const title = TITLE;
  const client = CLIENT;
  const clientId = byClient ? input.actorId : call.userId;
  const send = (kind: NotificationKind, template: string, recipientIds: SQL, link: string) =>
    tx.execute(
      sql`with ${callNames(call, clientId)}, ${notifyCtes({
        kind,
        recipientIds,
        title: filledTitle(template),
        link,
        subjectType: 'call',
        subjectId: sql`${call.id}::int`,
        projectId: sql`${call.projectId}::int`,
        at: sql`${at.toISOString()}::timestamptz`,
      })} select ${notifyDone}`,
    );
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
    await send(what[0], what[1], staffRecipientIds(call.projectId), '/calls');
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
  await send(
    what[0],
    what[1],
    sql`${intArray([call.userId])}::int[]`,
    `/project/daily-updates/${call.projectId}`,
  );
}
