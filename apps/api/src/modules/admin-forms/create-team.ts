import { type AdminCreateTeamInput, type AdminRelationships, relationshipIds } from '@dd/domain';
import type { Db } from '../../db/client.ts';
import { teamMembers, teams } from '../../db/schema/index.ts';
import { rel } from '../../lib/app-error.ts';
import { assertActiveUsersOfRole } from './checks.ts';

export type CreateTeamRequest = { attributes: AdminCreateTeamInput; relationships?: AdminRelationships };

/** New Team (docs/product.md §A2): title, punch line, avatar and its project manager(s). */
export async function createTeam(db: Db, request: CreateTeamRequest): Promise<{ id: number }> {
  const a = request.attributes;
  const managerIds = relationshipIds(request.relationships, 'projectManager') ?? [];
  return db.transaction(async (tx) => {
    await assertActiveUsersOfRole(tx, managerIds, 'projectManager', rel('projectManager'));
    const [row] = await tx
      .insert(teams)
      .values({ title: a.title, punchLine: a['punch-line'], avatar: a.avatar || null })
      .returning({ id: teams.id });
    const teamId = row!.id;
    if (managerIds.length > 0)
      await tx.insert(teamMembers).values(managerIds.map((userId) => ({ teamId, userId })));
    return { id: teamId };
  });
}
