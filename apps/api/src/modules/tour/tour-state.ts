import type { TourStateUpdateInput } from '@dd/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { tourStates } from '../../db/schema/index.ts';
import type { Resource } from '../../lib/jsonapi/document.ts';

export type TourStateRow = typeof tourStates.$inferSelect;

/** The tour state per user and project (docs/product.md §C3: step, visited, openModal). */
export function presentTourState(row: TourStateRow): Resource {
  return {
    type: 'tour-state',
    id: `${row.userId}-${row.projectId}`,
    attributes: {
      'project-id': row.projectId,
      'user-id': row.userId,
      step: row.step,
      visited: row.visited,
      'open-modal': row.openModal,
    },
  };
}

const where = (userId: number, projectId: number) =>
  and(eq(tourStates.userId, userId), eq(tourStates.projectId, projectId));

/**
 * The owner's tour for a project (docs/product.md §C4). The first read starts it: at step 2 when the user
 * has just registered (the registration marker), else at step 1. Later reads, from any device, return
 * the stored state, so the tour never repeats.
 */
export async function getOrStartTour(
  db: Db,
  userId: number,
  projectId: number,
  justRegistered: boolean,
  now: Date,
): Promise<{ row: TourStateRow; started: boolean }> {
  const [inserted] = await db
    .insert(tourStates)
    .values({
      userId,
      projectId,
      step: justRegistered ? 2 : 1,
      visited: false,
      openModal: false,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { row: inserted, started: true };
  const [row] = await db.select().from(tourStates).where(where(userId, projectId)).limit(1);
  return { row: row!, started: false };
}

export async function saveTour(
  db: Db,
  userId: number,
  projectId: number,
  input: TourStateUpdateInput,
  now: Date,
) {
  const values = { step: input.step, visited: input.visited, openModal: input['open-modal'], updatedAt: now };
  const [row] = await db
    .insert(tourStates)
    .values({ userId, projectId, ...values })
    .onConflictDoUpdate({ target: [tourStates.userId, tourStates.projectId], set: values })
    .returning();
  return row!;
}
