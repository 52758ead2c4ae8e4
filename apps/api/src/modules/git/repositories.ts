import type { GitProvider, RepositoryCreateAttributes } from '@dd/domain';
import { GIT_MESSAGES } from '@dd/domain';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { projectMembers, repositories, webhookDeliveries } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { type LoadedProjectRef, loadProjectRef } from '../projects/load-project.ts';
import { newWebhookSecret, sealSecret } from './secret-box.ts';

export type RepositoryRow = typeof repositories.$inferSelect;
export type GitProjectRef = LoadedProjectRef & { managerIds: number[] };

/** What `can()` needs for the Git rules: the project, and its project managers ('project:git-manage'). */
export async function loadGitProjectRef(db: Db, projectId: number): Promise<GitProjectRef> {
  const ref = await loadProjectRef(db, projectId);
  const managers = await db
    .select({ userId: projectMembers.userId })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.kind, 'projectManager')));
  return { ...ref, managerIds: managers.map((m) => m.userId) };
}

/** A connected repository; 404 when unknown or disconnected. */
export async function loadConnectedRepository(db: Db, id: number): Promise<RepositoryRow> {
  const [row] = await db
    .select()
    .from(repositories)
    .where(and(eq(repositories.id, id), isNull(repositories.disconnectedAt)));
  if (!row) throw notFound('Repository');
  return row;
}

/** The connected repositories with the time of their newest delivery. */
export async function listConnectedRepositories(
  db: Db,
  projectId: number,
): Promise<Array<RepositoryRow & { lastDeliveryAt: Date | null }>> {
  const rows = await db
    .select({
      repository: repositories,
      // Qualified by table: drizzle renders a bare column as "id", which inside the
      // subquery binds to the delivery's own id, not the repository's.
      lastDeliveryAt: sql<string | null>`(select max(d.received_at) from ${webhookDeliveries} d
        where d.repository_id = ${repositories}.${sql.identifier('id')})`,
    })
    .from(repositories)
    .where(and(eq(repositories.projectId, projectId), isNull(repositories.disconnectedAt)))
    .orderBy(asc(repositories.id));
  return rows.map((r) => ({
    ...r.repository,
    lastDeliveryAt: r.lastDeliveryAt === null ? null : new Date(r.lastDeliveryAt),
  }));
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

/** Connects a repository with a new secret; 409 while it is connected to a project (this one or another). */
export async function connectRepository(
  db: Db,
  input: RepositoryCreateAttributes & { projectId: number; actorId: number; appSecret: string; now: Date },
): Promise<{ repository: RepositoryRow; secret: string }> {
  const secret = newWebhookSecret();
  try {
    const [row] = await db
      .insert(repositories)
      .values({
        projectId: input.projectId,
        provider: input.provider,
        name: input.name,
        secretCipher: sealSecret(input.appSecret, secret),
        createdById: input.actorId,
        connectedAt: input.now,
      })
      .returning();
    return { repository: row!, secret };
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('conflict', { title: GIT_MESSAGES.taken, pointer: '/data/attributes/name' });
    throw error;
  }
}

/** A new secret replaces the old one at once: deliveries signed with the old one are refused from now. */
export async function rotateSecret(
  db: Db,
  repository: RepositoryRow,
  appSecret: string,
): Promise<{ repository: RepositoryRow; secret: string }> {
  const secret = newWebhookSecret();
  const [row] = await db
    .update(repositories)
    .set({ secretCipher: sealSecret(appSecret, secret) })
    .where(and(eq(repositories.id, repository.id), isNull(repositories.disconnectedAt)))
    .returning();
  if (!row) throw notFound('Repository');
  return { repository: row, secret };
}

/** Disconnects: the secret is removed (every later delivery is refused); commits and requests stay. */
export async function disconnectRepository(db: Db, repository: RepositoryRow, now: Date): Promise<void> {
  await db
    .update(repositories)
    .set({ secretCipher: null, disconnectedAt: now })
    .where(eq(repositories.id, repository.id));
}

/** The connected repository a delivery names, or null. */
export async function findConnectedRepository(
  db: Db,
  provider: GitProvider,
  name: string,
): Promise<RepositoryRow | null> {
  const [row] = await db
    .select()
    .from(repositories)
    .where(
      and(
        eq(repositories.provider, provider),
        sql`lower(${repositories.name}) = lower(${name})`,
        isNull(repositories.disconnectedAt),
      ),
    );
  return row ?? null;
}

/** The connected repository of a webhook URL of its own (`/api/webhooks/{provider}/{id}`), or null. */
export async function findConnectedRepositoryById(
  db: Db,
  provider: GitProvider,
  id: number,
): Promise<RepositoryRow | null> {
  const [row] = await db
    .select()
    .from(repositories)
    .where(
      and(eq(repositories.id, id), eq(repositories.provider, provider), isNull(repositories.disconnectedAt)),
    );
  return row ?? null;
}
