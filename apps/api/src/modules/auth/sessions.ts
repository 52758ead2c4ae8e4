import type { Actor } from '@dd/domain';
import { and, eq, fillPlaceholders, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { allVersionsJson, type Versions, versionsOf } from '../../db/cache-versions.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { StatementRunner } from '../../db/pipelined.ts';
import { accessTokens, sessions, users } from '../../db/schema/index.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = { remember: 30 * DAY_MS, session: DAY_MS };

export async function createSession(
  db: Db,
  input: { userId: number; remember: boolean; userAgent?: string; ip?: string; now: Date },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(
    input.now.getTime() + (input.remember ? SESSION_TTL_MS.remember : SESSION_TTL_MS.session),
  );
  await db.insert(sessions).values({
    userId: input.userId,
    tokenHash: hashToken(token),
    remember: input.remember ? 1 : 0,
    userAgent: input.userAgent?.slice(0, 300),
    ip: input.ip,
    expiresAt,
  });
  return { token, expiresAt };
}

/**
 * Who is calling. `sessionId` is 0 and `token` is set when the caller sent a personal access token
 * (modules/access-tokens, ADR 0052): there is no session then, and routes that need one say `sessionOnly`.
 */
export type SessionActor = NonNullable<Actor> & {
  sessionId: number;
  token?: { id: number; scope: 'read' | 'write'; lastUsedAt: Date | null };
};

type VersionsAndSessionRow = {
  versions: Record<string, number> | null;
  session_id: number | null;
  token_id: number | null;
  token_scope: 'read' | 'write' | null;
  token_used: Date | string | null;
  user_id: number | null;
  role: string | null;
};

// The cache versions first (ADR 0005/0006: read before any data) and the signed-in user of a token
// hash (a session's or a personal access token's), with the role and active flag as the database has
// them now, in ONE statement: one round trip and one snapshot. Unknown, revoked, expired or deactivated:
// a row with null user columns. The `limit 1` over the `union all` stops the Append at the first row, so a
// valid session never runs the access-token probe (EXPLAIN ANALYZE: "never executed"); only tokens and
// unknown hashes pay the second index probe.
const versionsAndSessionSql = (sessionRead: SQL | null): SQL => sql`
    select v.versions, a.session_id, a.token_id, a.token_scope, a.token_used, a.user_id, a.role${
      sessionRead
        ? sql`, case when a.user_id is null then null else (${sessionRead}) end as session_read`
        : sql``
    }
    from (select ${allVersionsJson()} as versions) v
    left join lateral (
      (select ${sessions.id} as session_id, null::integer as token_id, null::text as token_scope,
        null::timestamptz as token_used, ${users.id} as user_id, ${users.role} as role
      from ${sessions} inner join ${users} on ${users.id} = ${sessions.userId}
      where ${sessions.tokenHash} = ${sql.placeholder('tokenHash')}
        and ${sessions.revokedAt} is null
        and ${sessions.expiresAt} > ${sql.placeholder('now')}
        and ${users.isActive})
      union all
      (select null, ${accessTokens.id}, ${accessTokens.scope}, ${accessTokens.lastUsedAt}, ${users.id}, ${users.role}
      from ${accessTokens} inner join ${users} on ${users.id} = ${accessTokens.userId}
      where ${accessTokens.tokenHash} = ${sql.placeholder('tokenHash')}
        and ${accessTokens.revokedAt} is null
        and ${accessTokens.expiresAt} > ${sql.placeholder('now')}
        and ${users.isActive})
      limit 1
    ) a on true`;

/**
 * A route's own first read, run inside the auth hook's statement (ADR 0028): the route then makes no
 * round trip of its own for it. `read` is one text-valued SQL expression over `userId` (the signed-in
 * user's id, `a.user_id`) and its own placeholders; it runs only for a valid session, in the same
 * snapshot as the versions and the session check. `params` gives the placeholders from the request, or
 * null when the request cannot use it (the route then reads as it did, and answers its own errors).
 */
export type SessionRead = {
  /** The prepared statement's name (one statement per SessionRead). */
  name: string;
  read: (userId: SQL) => SQL;
  params: (request: { params: unknown; query: unknown }) => Record<string, unknown> | null;
};

const dialect = new PgDialect();
const built = new Map<string, { sql: string; params: unknown[] }>();

/**
 * Every cache's version (db/cache-versions.ts) and the signed-in user for a token, in one query: the
 * role as the database has it now, so a role change, deactivation, revoke, logout or expiry applies on
 * the very next request in any process. Nothing is remembered between requests (ADR 0015: with the
 * versions read anyway, the session join adds no round trip, so a memo would save nothing). With a
 * `sessionRead` (ADR 0028), the route's own read comes back in the same row (`read`, null without a
 * valid session).
 */
export async function readVersionsAndSession(
  runner: StatementRunner,
  token: string,
  now: Date,
  sessionRead?: { read: SessionRead; params: Record<string, unknown> } | null,
): Promise<{ versions: Versions; actor: SessionActor | null; read: string | null }> {
  const name = sessionRead
    ? `auth_versions_and_session__${sessionRead.read.name}`
    : 'auth_versions_and_session';
  let query = built.get(name);
  if (!query) {
    query = dialect.sqlToQuery(
      versionsAndSessionSql(sessionRead ? sessionRead.read.read(sql.raw('a.user_id')) : null),
    );
    built.set(name, query);
  }
  const result = await runner.query<VersionsAndSessionRow & { session_read?: string | null }>({
    name,
    text: query.sql,
    values: fillPlaceholders(query.params, {
      ...(sessionRead?.params ?? {}),
      tokenHash: hashToken(token),
      now,
    }),
  });
  const row = result.rows[0];
  const versions = versionsOf(row?.versions ?? null);
  if (!row || row.user_id === null) return { versions, actor: null, read: null };
  const actor: SessionActor = {
    sessionId: row.session_id ?? 0,
    id: row.user_id,
    role: row.role as SessionActor['role'],
  };
  if (row.token_id !== null)
    actor.token = {
      id: row.token_id,
      scope: row.token_scope === 'write' ? 'write' : 'read',
      lastUsedAt: row.token_used === null ? null : new Date(row.token_used),
    };
  return { versions, actor, read: row.session_read ?? null };
}

export async function revokeSession(db: Db, sessionId: number, now: Date): Promise<void> {
  await db.update(sessions).set({ revokedAt: now }).where(eq(sessions.id, sessionId));
}

/** After the user proved their password to change it or their e-mail: every other session of theirs ends. */
export async function endOtherSessions(db: DbOrTx, userId: number, keepSessionId: number, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)));
}

/** On password change or deactivation every open session of the user ends. */
export async function revokeUserSessions(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
