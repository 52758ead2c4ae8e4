import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { defaultAccountManagerId } from '../settings/default-account-manager.ts';
import { rowsOf } from './notify.ts';

type Reader = Pick<Db, 'execute' | 'select'>;

const ids = (rows: Array<{ id: number | string }>) => rows.map((r) => Number(r.id));

/** Every active admin-level user. */
export async function activeAdmins(db: Reader): Promise<number[]> {
  const result = await rowsOf<{ id: number }>(
    db,
    sql`select id from users where role in ('admin', 'superAdmin') and is_active order by id`,
  );
  return ids(result);
}

/** A new lead: every admin and the default account manager (when one is set). */
export async function leadRecipients(db: Reader): Promise<number[]> {
  const manager = await defaultAccountManagerId(db);
  return [...(await activeAdmins(db)), ...(manager ? [manager] : [])];
}

/** Who hears about a client's project or call: its account manager while active, else every admin. */
export async function projectStaffRecipients(db: Reader, projectId: number): Promise<number[]> {
  const result = await rowsOf<{ id: number }>(
    db,
    sql`
    select u.id from projects p join users u on u.id = p.account_manager_id and u.is_active
    where p.id = ${projectId}`,
  );
  const manager = ids(result);
  return manager.length > 0 ? manager : activeAdmins(db);
}

/** A project's clients: its owner and the users listed on it as clients. */
export async function projectClients(db: Reader, projectId: number): Promise<number[]> {
  const result = await rowsOf<{ id: number }>(
    db,
    sql`
    select owner_id as id from projects where id = ${projectId} and owner_id is not null
    union select user_id from project_members where project_id = ${projectId} and kind = 'client'`,
  );
  return ids(result);
}
